"""Work released in threads at the same moment, for the tests of races between requests."""

import threading

from django.db import connection


def at_once(count, work):
    """``work(i)`` for i in 0..count-1, each in its own thread, released together: the
    results (or the exceptions raised) in order of i."""
    start = threading.Barrier(count)
    results = [None] * count

    def run(i):
        try:
            start.wait()
            results[i] = work(i)
        except Exception as e:  # the test looks at every outcome, errors included
            results[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a request never finished"
    return results
