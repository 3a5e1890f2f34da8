"""What a portal process holds: settings, database, Redis, storage, the queues and the services built on them.

:class:`Portal` is one API process's; :class:`JobPortal` is what a worker job holds (the same settings,
database, storage and queues, with its events going out through Redis). Both are built here, from
:mod:`app.settings`, so no route and no job opens storage or a queue of its own."""

from __future__ import annotations

from dataclasses import dataclass

import redis.asyncio as aioredis
from starlette.requests import Request

from app.auth.identity import Principal
from app.auth.keys import load_signing_key
from app.auth.oidc import CompanySignIn
from app.auth.service import AuthService
from app.auth.tokens import TokenService
from app.db import Database
from app.errors import unauthorized
from app.ratelimit import RateLimits
from app.realtime.presence import Presence
from app.realtime.server import Realtime
from app.realtime.sink import EventSink, ServerSink
from app.redis_conn import resolve_url
from app.services.answers import Answers
from app.services.audit import Actor, Meta
from app.services.documents.queue import JobQueue
from app.services.notifications import Notifier
from app.services.push.queue import DeliveryQueue
from app.settings import Settings
from app.storage import Storage, open_storage


@dataclass
class Portal:
    settings: Settings
    db: Database
    redis: aioredis.Redis
    redis_url: str
    tokens: TokenService
    auth: AuthService
    realtime: Realtime
    events: EventSink
    limits: RateLimits
    deliveries: DeliveryQueue  # notifications on to devices and e-mail (RQ, its own synchronous connection)
    notifier: Notifier
    answers: Answers  # record answers kept while their data version holds (app/services/answers.py)
    storage: Storage  # uploaded files, photos and import files (app/storage)
    jobs: JobQueue  # document processing jobs for the workers (RQ, its own synchronous connection)
    oidc: CompanySignIn | None = None  # company sign-in, when OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET are set

    @classmethod
    def build(cls, settings: Settings) -> Portal:
        db = Database(settings.effective_database_url)
        redis_url = resolve_url(settings.redis_url, settings.data_dir)
        tokens = TokenService(load_signing_key(settings), settings)
        redis = aioredis.Redis.from_url(redis_url)
        auth = AuthService(db=db, tokens=tokens, settings=settings)
        presence = Presence(redis=redis, db=db)
        realtime = Realtime(settings=settings, redis_url=redis_url, redis=redis, auth=auth, presence=presence, db=db)
        presence.events = ServerSink(realtime.server)
        auth.announce_end = realtime.announce_session_end
        deliveries = DeliveryQueue.from_url(redis_url, settings)
        events = ServerSink(realtime.server)
        db.audit_sink = events  # new audit entries reach the admins watching the log
        oidc = CompanySignIn(settings=settings, redis=redis, db=db, auth=auth) if settings.oidc_enabled else None
        return cls(
            settings=settings,
            db=db,
            redis=redis,
            redis_url=redis_url,
            tokens=tokens,
            auth=auth,
            realtime=realtime,
            events=events,
            limits=RateLimits(settings, redis),
            deliveries=deliveries,
            notifier=Notifier(settings, deliveries),
            oidc=oidc,
            answers=Answers(db, entries=settings.answer_cache_entries, max_bytes=settings.answer_cache_mb << 20),
            storage=open_storage(settings),
            jobs=JobQueue.from_url(redis_url, settings),
        )

    async def close(self) -> None:
        await self.realtime.presence.close()
        await self.realtime.close()
        await self.redis.aclose()
        await self.answers.close()
        await self.db.dispose()
        self.deliveries.close()
        self.jobs.close()


def portal_of(request: Request) -> Portal:
    portal: Portal = request.app.state.portal
    return portal


def bearer_token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise unauthorized("Sign in to continue: this call needs a Bearer access token.")
    return token.strip()


async def authenticate(request: Request) -> Principal:
    """Who is asking; 401 unless the token is valid and its session is live."""
    return await portal_of(request).auth.authenticate(bearer_token(request))


def request_meta(request: Request) -> Meta:
    """Where a call came from, for the audit log: the client address and the user agent."""
    return Meta(ip=portal_of(request).limits.client_address(request), user_agent=request.headers.get("user-agent"))


def actor_of(request: Request, principal: Principal) -> Actor:
    """The signed-in user making a change, for the audit log."""
    return Actor(user_id=principal.user_id, label=principal.username, meta=request_meta(request))


async def limit(request: Request, rule: str, principal: Principal | None = None) -> None:
    """Count this call under a rate limit rule (app/ratelimit.py); 429 when over it."""
    await portal_of(request).limits.hit(rule, request, user=principal.user_id if principal else None)
