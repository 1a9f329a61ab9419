"""How each of the site's languages writes a date, and a date with its time: one format each,
for every page, sheet, list and chart (``settings.FORMAT_MODULE_PATH``). Templates write
``{{ day|date }}`` and ``{{ moment|date:"DATETIME_FORMAT" }}``; Python ``date_format(day)``.
The API, backups and file names keep ISO dates.

What is not set here (number separators, the formats a form reads) is Django's, per language.
Italian months are in lower case through our catalogues (:data:`core.formats.DATE_WORDS`).
"""
