import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>From Google, when you sign in</strong>: your e-mail address, your name and your profile
          picture. Nothing else from your Google account.
        </li>
        <li>
          <strong>What you give us</strong>: your profile (display name, bio, links), the beats, covers and
          recordings you upload, reviews, messages in support tickets, sessions and collaborations.
        </li>
        <li>
          <strong>What you do here</strong>: plays, downloads, favourites, follows and purchases, so producers
          see their numbers and you see your history.
        </li>
        <li>
          <strong>Payments</strong>: Stripe handles your card. We receive the card brand, its last four digits
          and the result of each payment, never the card number.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account, deliver what you bought and pay producers for their sales.</li>
        <li>To show producers anonymous totals: plays, listeners per day, downloads and revenue.</li>
        <li>To send the notifications you switched on in Settings (you can switch each one off).</li>
        <li>To keep Beatroom safe: rate limits, fraud checks on payments, and reviewing reported content.</li>
      </ul>
    ),
  },
  {
    id: 'files',
    title: 'Your files',
    body: (
      <>
        <p>
          Anyone can stream the preview of a published beat. The full-quality files are delivered only to
          people who bought a licence for them, through links that work for a short time only. Recordings you
          make in the studio are private until you publish them as a vocal cover or enter them in a challenge;
          takes from a live session are shared with that session&apos;s participants.
        </p>
        <p>We do not sell your files or your data, and we do not use your music to train anything.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          Beatroom uses cookies only for your session: one that keeps you signed in (it cannot be read by the
          page), one that tells the page a session exists, and a short-lived one that protects the sign-in
          round trip. No advertising or tracking cookies, and no third-party analytics.
        </p>
        <p>
          Your browser also keeps a few preferences on this device: the theme, the player&apos;s queue and
          volume, and the catalogue&apos;s grid or list view. They never leave your device.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <ul>
        <li>Stripe, to take payments and pay out producers.</li>
        <li>Google, only for signing you in.</li>
        <li>
          Other members see what is public: your profile, published beats, reviews and challenge entries.
        </li>
        <li>Authorities, only when the law obliges us to.</li>
      </ul>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          In Settings you decide who sees your profile (everyone, followers or only you), whether your
          favourites, follows and play history are shown, and which e-mails and notifications you get. You can
          download your invoices at any time.
        </p>
        <p>
          You may ask for a copy of your data or its correction from the Support Center. Deleting your account
          in Settings removes your profile, uploads, recordings and settings; we keep only the invoices tax
          law requires, for as long as it requires.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and retention',
    body: (
      <p>
        Sessions expire after two weeks without use and after sixty days at most; signing out ends the session
        on the server at once. Sign-in attempts that are never finished are deleted within minutes. Logs that
        help us fix problems are kept for a short time and do not contain your files.
      </p>
    ),
  },
];

/** /privacy: the Privacy Policy, about what this product actually keeps and why. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <p>
          We keep what it takes to run a beat marketplace: your Google name and e-mail, what you upload and
          buy, and the numbers producers need. Card details stay with Stripe, cookies only keep you signed in,
          and deleting your account deletes your data.
        </p>
      }
      sections={SECTIONS}
      other={{ to: '/terms', label: 'Terms of Service' }}
    />
  );
}
