// The SMTP client: nodemailer on SMTP_URL (smtp:// upgrades with STARTTLS when offered,
// smtps:// is TLS from the start), or on the sandbox's own catcher.
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(from: string, message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // A server that hangs must not hold the outbox's run for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
  });
  return {
    async send(from, message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transporter.close(),
  };
}
