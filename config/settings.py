"""Tenbou settings: one module, every deployment value read from the environment.

The helpers below raise ImproperlyConfigured naming the variable, so a bad deployment fails at
start-up with a message that says what to fix, not at the first request.
"""

import hashlib
import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str | None = None) -> str:
    """Return the variable, or the default; with no default an unset variable is an error."""
    value = os.environ.get(name, "")
    if value:
        return value
    if default is None:
        raise ImproperlyConfigured(f"The {name} environment variable must be set.")
    return default


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"The {name} environment variable must be true or false (or 1/0, yes/no, on/off), "
        f"not {os.environ[name]!r}."
    )


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(
            f"The {name} environment variable must be a whole number, not {value!r}."
        ) from None


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """A comma-separated list; blanks around and between items are ignored."""
    value = os.environ.get(name)
    if value is None:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def env_database(name: str, default: str) -> dict[str, object]:
    url = env_str(name, default)
    try:
        config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"The {name} environment variable is not usable: {exc}"
        ) from None
    config = dict(config)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Several phones writing at once must queue, not fail with "database is locked".
        # IMMEDIATE: a transaction takes the write lock when it begins and waits up to the
        # timeout for it (a deferred one that has read first cannot wait when it comes to
        # write, so SQLite refuses at once). SQLite has no SELECT ... FOR UPDATE; this is
        # what serialises two writes to one game, and a second hand submission reads the
        # game only after the first has committed. WAL lets pages be read during a write.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("SQLITE_BUSY_TIMEOUT", 20),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            **config.get("OPTIONS", {}),
        }
    return config


# Development is the default so that a fresh checkout runs with `make run`; a deployment sets
# DEBUG=false and must then provide SECRET_KEY and ALLOWED_HOSTS.
DEBUG = env_bool("DEBUG", True)

if DEBUG:
    # A fresh random key per process would log everyone out on each reload, so development
    # uses a fixed, obviously insecure one.
    SECRET_KEY = env_str("SECRET_KEY", "django-insecure-tenbou-development-only")
else:
    SECRET_KEY = env_str("SECRET_KEY")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    # The ground floor: audit trail, API base, tokens (ended on logout or a password change).
    "core",
    "drf_spectacular",
    # Swagger UI's files served from our own static files: the CSP allows no CDN.
    "drf_spectacular_sidecar",
    "django_htmx",
    # Login throttling: failed logins per username and address, kept in the database.
    "axes",
    "accounts",
    "clubs",
    "scoring",
    "leagues",
    "rulesets",
    "tournaments",
    "clubhouse",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and JSON go out compressed to a browser that takes gzip (the entry screen: 99 kB,
    # 9.5 kB gzipped); WhiteNoise serves the static files compressed already. Django's GZip
    # pads against BREACH; answers with a strong ETag (a hand, for If-Match) go out as they are.
    "core.compression.GZipMiddleware",
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE under /api/ is a 413 before anything reads it.
    "core.limits.ApiBodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the answer: the reader's choice, else the club's, else the browser's
    # (core/i18n.py). After the session, before anything that renders.
    "core.i18n.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Back to UTC for each request; a club's pages show its own time zone (clubs.access).
    "clubs.timezones.ClubTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Names the logged-in user on pages, for the service worker's per-user cache.
    "scoring.offline.worker.user_header",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so that it sees the response of a refused login and answers 429 instead.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "accounts.context_processors.signup",
            ],
        },
    },
]

DATABASES = {"default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions live in the database so that any number of worker processes can serve a user.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# axes' backend first: it refuses a locked-out username and address before any password check.
AUTHENTICATION_BACKENDS = [
    "core.security.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# After LOGIN_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# refused (even with the right password) until LOGIN_COOLOFF_MINUTES pass without another try;
# a correct login before the limit starts the count again. Site login and API token alike.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_LOCKOUT_CALLABLE = "core.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.security.client_ip"
AXES_USERNAME_CALLABLE = "core.security.client_username"
# Set behind a reverse proxy that appends the client's address to X-Forwarded-For; otherwise
# every login would be counted against the proxy's address.
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR", False)

# Anyone may make an account from the home page; SIGNUP_OPEN=false keeps sign-up to people who
# opened a club's invitation. A client sends at most SIGNUP_LIMIT sign-up forms (and as many
# password-reset requests) in SIGNUP_WINDOW_MINUTES (accounts/throttle.py).
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", 10)
SIGNUP_WINDOW_MINUTES = env_int("SIGNUP_WINDOW_MINUTES", 60)
# Sign-ups that come with a club's invitation count apart, with a larger limit: a club night
# of newcomers shares one Wi-Fi address. Wrong joining codes are limited per account and per
# address in the same window, so a code cannot be guessed.
SIGNUP_INVITED_LIMIT = env_int("SIGNUP_INVITED_LIMIT", 60)
JOIN_CODE_LIMIT = env_int("JOIN_CODE_LIMIT", 10)
JOIN_CODE_ADDRESS_LIMIT = env_int("JOIN_CODE_ADDRESS_LIMIT", 30)

# Mail, for password resets: SMTP when EMAIL_HOST is set; under DEBUG without it the mails are
# written to the console. Without either the site sends no mail and offers no reset by e-mail.
_email_host = env_str("EMAIL_HOST", "")
if _email_host:
    # Django 6.1 reads mail settings from MAILERS (EMAIL_HOST and the like are deprecated).
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _email_host,
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER", ""),
                "password": env_str("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
            },
        }
    }
elif DEBUG:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
# Without either no mailer is set: the site sends no mail and offers no reset by e-mail.
MAIL_CONFIGURED = bool(_email_host) or DEBUG
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "tenbou@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
# The site's languages, each named in itself for the switcher on every page. The catalogues
# are locale/<code>/LC_MESSAGES/django.po, compiled by `make messages` (run by install and test).
LANGUAGES = [
    ("en", "English"),
    ("it", "Italiano"),
    ("ja", "日本語"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date format per language, and one for a date with its time (core/date_formats).
FORMAT_MODULE_PATH = ["core.date_formats"]
# The reader's choice, kept a year; read by core.i18n.LanguageMiddleware.
LANGUAGE_COOKIE_NAME = "tenbou_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where `collectstatic` puts the files WhiteNoise serves with DEBUG=false.
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Pyodide (npm, `make install`): the rule engine runs on the phone for the preview offline
    # (scoring/offline/phone_engine.py); its files are served as static/pyodide/.
    ("pyodide", BASE_DIR / "vendor" / "pyodide" / "node_modules" / "pyodide"),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # The manifest needs `collectstatic`; development and tests serve files as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Tied to the DEBUG read here, not to settings.DEBUG at request time, which pytest-django
# switches off: tests then find files the way development does, with no collectstatic.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

# The entry screen starts the phone's rule engine in the background while online, once its
# files are on the phone, so that the first preview offline does not wait seconds for it
# (static/offline/engine.js says when). Off, it starts when the signal drops. The browser tests
# turn it off but in the tests about it (tests/browser/conftest.py).
OFFLINE_ENGINE_WARM = env_bool("OFFLINE_ENGINE_WARM", True)

# Printed sheets (PDF). A sheet holds a worker while WeasyPrint lays it out (about 0.3 s a page,
# docs/benchmarks.md): at most SHEET_RENDER_SLOTS render at once on a host (0: no limit) and
# a request past them is answered 503 at once; a game sheet covers at most SHEET_MAX_HANDS
# hands and a standings sheet SHEET_MAX_ROWS players (the CSV and the game record have all).
SHEET_RENDER_SLOTS = env_int("SHEET_RENDER_SLOTS", 1)
SHEET_MAX_HANDS = env_int("SHEET_MAX_HANDS", 300)
SHEET_MAX_ROWS = env_int("SHEET_MAX_ROWS", 200)
# The render slots' lock files: one folder per installation, owned by the site's user (by
# default under the system's temporary folder, named after this checkout).
SHEET_SLOT_DIR = env_str(
    "SHEET_SLOT_DIR",
    str(
        Path(tempfile.gettempdir())
        / f"tenbou-sheets-{hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:12]}"
    ),
)

# Everything the site serves is its own: no CDN, no external fonts, no inline scripts.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a proxy that sets this header itself; otherwise clients could spoof HTTPS.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

# The largest request body, for the site's forms and the API alike (Django's default, 2.5 MB:
# a long game record is some 100 kB). Over it the API answers 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

REST_FRAMEWORK = {
    # Token first: DRF answers a missing or bad login with the first class's challenge, so an
    # anonymous or wrongly authenticated request is a 401 with WWW-Authenticate: Token (the
    # session class has none, which made it a 403). A request without an Authorization header
    # falls through to the session, which still checks CSRF on every write.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Closed by default: an API view that serves public data says so itself.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON only, and the schema says so. JSON nested too deep, too large, or with a NUL or a
    # lone surrogate in a string (the database cannot hold it) is refused (core.parsers).
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every 4xx/5xx answers {"error": {"code", "message", "field"?, "hand"?}}.
    "EXCEPTION_HANDLER": "core.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tenbou API",
    "DESCRIPTION": "Scorekeeping and leagues for mahjong clubs.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Separate request and response components: read-only fields are never asked of a client.
    "COMPONENT_SPLIT_REQUEST": True,
    # The answers every operation may give besides its own (401, 413, malformed JSON).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.openapi.add_common_answers",
    ],
}

# Without this, Django sends errors only to ADMINS by mail when DEBUG is off; a server
# process should write them to its console, where the process manager collects them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # Replaces Django's own handlers for "django" (console under DEBUG, mail to ADMINS) so
    # that each record is written once, through the root handler.
    "loggers": {
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # axes logs every login at INFO; failures and lockouts are WARNING.
        "axes": {"level": "WARNING"},
        # WeasyPrint announces each rendering step at INFO (some when it is imported, before
        # any module of ours runs) and fontTools its font subsetting: a dozen lines a sheet.
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
