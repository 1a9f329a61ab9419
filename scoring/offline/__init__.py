"""The scorer's phone without a connection, server side: the service worker and what it
keeps (:mod:`.worker`), the outbox's endpoints (:mod:`.outbox`), and the rule engine's files
for the preview offline (:mod:`.phone_engine`). The phone's own scripts are in static/js/."""
