// The front door of lib/mail: queue a mail in your transaction; the worker sends it.

export { type MailWorker, startMailWorker } from "./mail-worker";
export { enqueueMail, type MailKind, purgeOutbox } from "./outbox";
export { loadSandboxMail, loadSandboxMails, type SandboxMailView, sandboxMailEnabled } from "./sandbox-mails";
