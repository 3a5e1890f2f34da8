"""E-mail, the fallback channel for people without a device with push: SMTP, or the log.

``EMAIL_BACKEND=smtp`` (the default in production) sends through ``SMTP_HOST``; ``log`` (the default
elsewhere) writes each message to the log instead, so development and the demo never mail anyone.
Sent from the workers (RQ jobs), never in a request; a failure raises, and RQ retries the job.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from app.settings import Settings

log = logging.getLogger("portal.mail")

SIGNATURE = (
    "\n\n-- \nStaff portal. You get this e-mail because no device of yours has push notifications.\n"
    "Turn on push on your phone, or turn off e-mail, in Settings > Notifications: {ui}\n"
)


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str
    #: the push-notifications footer (off for account mail such as a password reset link)
    notice: bool = True


def _one_line(value: str) -> str:
    """Header values on one line (a newline in a title must not start a header of its own)."""
    return " ".join(value.split())[:200]


def build(settings: Settings, mail: Mail) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.smtp_from or "Staff portal <portal@localhost>"
    message["To"] = _one_line(mail.to)
    message["Subject"] = _one_line(mail.subject)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="staff-portal")
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies to this
    message.set_content(
        mail.text + (SIGNATURE.format(ui=settings.ui_url) if mail.notice else "\n\n-- \nStaff portal\n")
    )
    return message


def send(settings: Settings, mail: Mail) -> str:
    """Send (or log) one message; answers how (``smtp`` or ``log``)."""
    message = build(settings, mail)
    if settings.effective_email_backend != "smtp":
        log.info("e-mail (EMAIL_BACKEND=log, not sent) to %s: %s\n%s", mail.to, mail.subject, message.get_content())
        return "log"
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.smtp_security == "tls":
        smtp = smtplib.SMTP_SSL(settings.smtp_host, settings.smtp_port, timeout=settings.smtp_timeout, context=context)
    else:
        smtp = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=settings.smtp_timeout)
    with smtp:
        if settings.smtp_security == "starttls":
            smtp.starttls(context=context)
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)
    log.info("e-mail sent to %s: %s", mail.to, mail.subject)
    return "smtp"
