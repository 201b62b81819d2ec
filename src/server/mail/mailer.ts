// Outgoing mail behind one small interface. The default writes the message (with the reset link)
// to the server log, which is what a single-machine church install can read; an SMTP mailer is a
// later drop-in behind the same interface.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const logMailer: Mailer = {
  async send(message) {
    console.log(
      JSON.stringify({ level: 'info', msg: 'mail', to: message.to, subject: message.subject, text: message.text }),
    );
  },
};
