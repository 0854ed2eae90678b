"""Settings from the environment. With nothing set, the embedded default: SQLite, no Redis, no
broker, deadlines closed by an in-process scheduler. With DATABASE_URL and REDIS_URL, the
production stack: PostgreSQL, channels-redis, and a Celery worker plus beat closing deadlines."""

import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name, default=""):
    return os.environ.get(name, default)


def env_bool(name, default):
    return env(name, "1" if default else "0").lower() in ("1", "true", "yes", "on")


TESTING = "pytest" in sys.modules or env_bool("GENIUS_TESTING", False)
BENCH = env_bool("GENIUS_BENCH", False)  # routes the benchmarks' baseline view
DEBUG = env_bool("DEBUG", not TESTING)
SECRET_KEY = env("SECRET_KEY") or "dev-only-insecure-key-set-SECRET_KEY-in-production"
if not DEBUG and not TESTING and SECRET_KEY.startswith("dev-only"):
    raise RuntimeError("Set SECRET_KEY when DEBUG is off.")
ALLOWED_HOSTS = env("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in env("CSRF_TRUSTED_ORIGINS").split(",") if o]

# The games this site offers: one Django app each under games/ (see README, "Adding a game").
# Every folder of games/ with an apps.py is installed; GENIUS_GAME_APPS (comma-separated dotted
# names, possibly empty) overrides the list.
_FOUND_GAMES = ",".join(f"games.{p.parent.name}" for p in sorted((BASE_DIR / "games").glob("*/apps.py")))
GAME_APPS = [a for a in env("GENIUS_GAME_APPS", _FOUND_GAMES).split(",") if a]

INSTALLED_APPS = (
    [
        "django.contrib.admin",
        "django.contrib.auth",
        "django.contrib.contenttypes",
        "django.contrib.sessions",
        "django.contrib.messages",
        "django.contrib.staticfiles",
        "channels",
        "matches",
    ]
    + GAME_APPS
    + (["tests.fixture_game", "tests.fixture_turns"] if TESTING else [])
)

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "matches.web.middleware.ContentSecurityPolicyMiddleware",
    "matches.web.middleware.refuse_unreadable_bodies",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "genius_site.urls"
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
                "matches.web.your_move.your_move",
            ],
        },
    },
]
WSGI_APPLICATION = None
ASGI_APPLICATION = "genius_site.asgi.application"


def database_from_url(url):
    parts = urlparse(url)
    if parts.scheme not in ("postgres", "postgresql"):
        raise RuntimeError(f"DATABASE_URL must be a postgres:// URL, not {parts.scheme}://")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")) or "postgres",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "CONN_MAX_AGE": 0,  # the pool keeps connections; Django must not keep its own too
        # Parameters bound by the server, and a statement run twice on a connection prepared:
        # with pooled connections PostgreSQL then parses and plans each of a move's queries
        # once per connection, not once per request.
        "OPTIONS": {"pool": database_pool(), "server_side_binding": True, "prepare_threshold": 2},
    }


def database_pool():
    """Each process borrows connections from a pool of at most DB_POOL_MAX (default 16). Django
    runs each concurrent request's sync code on a thread of its own, each with a connection:
    without a bound, two web processes at 64 concurrent requests asked PostgreSQL for more than
    its 100 connections, and the overflow failed. With it a request waits (up to DB_POOL_TIMEOUT
    seconds) for a connection instead. Keep processes x DB_POOL_MAX under max_connections, with
    room for the Celery worker; DB_POOL_MAX=0 turns the pool off."""
    size = int(env("DB_POOL_MAX", "16"))
    if size <= 0:
        return False
    return {"min_size": 1, "max_size": size, "timeout": float(env("DB_POOL_TIMEOUT", "20"))}


DATABASE_URL = env("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env("SQLITE_PATH") or BASE_DIR / "db.sqlite3",
            # IMMEDIATE: a transaction takes the write lock at BEGIN, so two closes or a close and
            # a submission serialise instead of failing with "database is locked" on upgrade.
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 30},
            # A file, not :memory:, so live-server and browser tests share it across threads.
            "TEST": {"NAME": BASE_DIR / f".test-db-{os.getpid()}.sqlite3"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
# Two channel layers of channels-redis can carry "match N changed": "pubsub" (one PUBLISH per
# group message, one subscription per process) and "core" (a list per socket). bench/fanout.py
# measures both: with a thousand spectators, "core" was slower and lost sockets to Redis read
# timeouts, so "pubsub" is the default. Pages ask for what they missed (LIVE_CHECK_SECONDS),
# which a pub/sub message lost while Redis was away needs.
CHANNELS_BACKENDS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": CHANNELS_BACKENDS[env("CHANNELS_LAYER", "pubsub")],
            # redis-py refuses (rather than queues) a command past its pool's size: a thousand
            # sockets joining or leaving a match at once must not find the pool full.
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "max_connections": int(env("REDIS_MAX_CONNECTIONS", "2000"))}],
                "prefix": env("CHANNELS_PREFIX", "genius"),
            },
        }
    }
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Deadlines: "celery" (an eta task per phase plus a beat sweep) needs a broker; "inprocess" (a
# sweep inside the ASGI server process) needs nothing. Both call matches.core.lifecycle.close_phase.
# How often an open match page asks whether it missed a push (static/js/match.js).
LIVE_CHECK_SECONDS = float(env("LIVE_CHECK_SECONDS", "15"))
# Threads of each web process for its sockets' sync work (matches/live/lanes.py): renders and the
# pages' checks at most LIVE_RENDER_THREADS at once, who is connecting on LIVE_DOOR_THREADS of their
# own so that a handshake never waits behind a render. Each holds a database connection only while
# it works: keep LIVE_RENDER_THREADS + LIVE_DOOR_THREADS well under DB_POOL_MAX.
LIVE_RENDER_THREADS = int(env("LIVE_RENDER_THREADS", "4"))
LIVE_DOOR_THREADS = int(env("LIVE_DOOR_THREADS", "2"))

DEADLINE_SCHEDULER = env("DEADLINE_SCHEDULER", "celery" if REDIS_URL else "inprocess")
# Websocket per-message compression: off by default, measured in bench/fanout.py.
WS_DEFLATE = env_bool("WS_DEFLATE", False)
SWEEP_SECONDS = float(env("SWEEP_SECONDS", "2"))
# With a worker, email, webhooks and reminders run in tasks of their own, not in the close that
# set them off (matches/core/events.py); the tests keep them inline unless they ask.
NOTIFY_ON_WORKER = env_bool("NOTIFY_ON_WORKER", DEADLINE_SCHEDULER == "celery" and not TESTING)
# A Redis list where each close's steps are stamped, deadline to socket (matches/lib/timings.py):
# set by bench/deadlines.py only; unset, nothing is stamped.
LIVE_TIMINGS = env("LIVE_TIMINGS", "") if REDIS_URL else ""
# How long a player has to choose who receives what the rules make them give away (F10).
FORCED_GIFT_SECONDS = int(env("FORCED_GIFT_SECONDS", str(24 * 3600)))
# Posts to a season's chat-server webhook: retried by the Celery worker, or by a thread without a broker.
WEBHOOK_DELIVERY = env("WEBHOOK_DELIVERY", "celery" if DEADLINE_SCHEDULER == "celery" else "thread")
# Only the webhook tests' own local receiver turns this on (plain http and loopback targets);
# deliberately not read from the environment, so no deployment can switch it on by mistake.
# The one exception: the test suite's own worker processes and the bench (GENIUS_TESTING), which
# post to a local push service.
WEBHOOK_ALLOW_LOOPBACK = TESTING and env_bool("GENIUS_ALLOW_LOOPBACK", False)
# Web Push to players' devices (matches/notifications/push.py): the site's VAPID key pair (RFC 8292),
# made by `manage.py make_vapid_keys` (`make run` makes a local pair by itself); unset, the site
# offers no push. Pushes go out like webhooks: the worker's tasks, or a thread without a broker.
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env("VAPID_SUBJECT", "mailto:noreply@localhost")
PUSH_DELIVERY = env("PUSH_DELIVERY", WEBHOOK_DELIVERY)
# A push waits this long before it is built, so that a burst (twenty steps played with defaults)
# is told once, by what is true when it goes out.
PUSH_FOLD_SECONDS = float(env("PUSH_FOLD_SECONDS", "2"))
# How long a host's invite link works (the site's only use of Django's password-reset tokens).
PASSWORD_RESET_TIMEOUT = 14 * 24 * 3600

CELERY_BROKER_URL = env("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", "genius")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    # the task's name from before the platform was split into packages (matches.scheduling.deadlines)
    "sweep-overdue-phases": {"task": "matches.tasks.sweep_overdue_phases", "schedule": SWEEP_SECONDS},
}
CELERY_TIMEZONE = "UTC"

# Email (reminders, results): the console by default; SMTP when EMAIL_HOST is set.
EMAIL_HOST = env("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(env("EMAIL_PORT", "25"))
EMAIL_HOST_USER = env("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env("EMAIL_USE_TLS", "") == "1"
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "genius-site <noreply@localhost>")
# The site's address as players reach it, for links in emails and calendar entries.
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# The login throttle (matches/web/throttle.py): failures counted within LOGIN_ATTEMPTS_WINDOW seconds.
LOGIN_ATTEMPTS = int(env("LOGIN_ATTEMPTS", "5"))  # per username from one address: then refused
LOGIN_ATTEMPTS_PER_ADDRESS = int(env("LOGIN_ATTEMPTS_PER_ADDRESS", "50"))  # from one address in all
LOGIN_ATTEMPTS_PER_USER = int(env("LOGIN_ATTEMPTS_PER_USER", "20"))  # per username from everywhere: ...
LOGIN_SLOW_SECONDS = int(env("LOGIN_SLOW_SECONDS", "10"))  # ... then one try per address this often
LOGIN_ATTEMPTS_WINDOW = int(env("LOGIN_ATTEMPTS_WINDOW", "300"))
# Proxies whose X-Forwarded-For is believed (addresses or networks, comma-separated). Unset: the
# connection's own address is the client's, and X-Forwarded-For is ignored.
TRUSTED_PROXIES = [p for p in env("TRUSTED_PROXIES").split(",") if p.strip()]

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024  # no form here needs more; larger posts get a 400
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200
FILE_UPLOAD_HANDLERS = [
    "matches.web.middleware.RefuseFiles"
]  # only a saved game's import takes one (matches/web/uploads.py)

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env("STATIC_ROOT") or None  # set where collectstatic runs (production)
WHITENOISE_USE_FINDERS = True
WHITENOISE_ROOT = BASE_DIR / "static" / "root"  # served at the site's root: /favicon.ico

SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# Production sits behind a TLS proxy (docker-compose.yml sets BEHIND_TLS_PROXY=1): the proxy says
# https in X-Forwarded-Proto, cookies travel only over TLS, plain HTTP is redirected (except the
# health check, which the container asks over plain HTTP), and browsers are told to stay on HTTPS.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = BEHIND_TLS_PROXY
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "31536000")) if BEHIND_TLS_PROXY else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
# Content Security Policy (matches/web/middleware.py): scripts and styles from our own files only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
    "loggers": {"matches": {"level": env("LOG_LEVEL", "INFO")}},
}

if TESTING:
    # Tests create many users; the slow production hasher would dominate the suite's time.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
