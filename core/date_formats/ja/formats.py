# The one way Japanese writes a date, and a date with its time (core/date_formats).
DATE_FORMAT = "Y年n月j日"
DATETIME_FORMAT = "Y年n月j日 H:i"
SHORT_DATE_FORMAT = DATE_FORMAT
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
