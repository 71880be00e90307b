import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'service',
    title: 'What Beatroom is',
    body: (
      <p>
        Beatroom is a marketplace where producers upload beats and sell licences to use them, and where
        artists and fans browse, play, buy and download those beats, record vocals over them in the studio,
        and take part in challenges, collaborations and live sessions. These terms apply to the website and
        the desktop app alike.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You sign in with your Google account; Beatroom never sees or stores a password. You are responsible
          for what happens under your account, so keep your Google account secure and sign out on shared
          computers.
        </p>
        <ul>
          <li>You must be at least 16 years old, or have a parent&apos;s or guardian&apos;s permission.</li>
          <li>One person, one account. Do not impersonate another artist or producer.</li>
          <li>
            We may suspend an account that breaks these terms, for example by uploading music that is not
            yours or by abusing other members.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'licences',
    title: 'Licences',
    body: (
      <>
        <p>
          Buying a beat buys a licence to use it, not the copyright, unless you buy an exclusive licence. The
          licence you chose is shown on your receipt and in My Downloads.
        </p>
        <ul>
          <li>
            <strong>Basic</strong>: an MP3 at 320 kbps for non-commercial use and social posting; the
            producer&apos;s tag stays in.
          </li>
          <li>
            <strong>Premium</strong>: WAV and MP3 for commercial use, radio and streaming up to 100,000
            streams, without the producer&apos;s tag.
          </li>
          <li>
            <strong>Exclusive</strong>: full ownership of the rights the producer holds, every format,
            unlimited commercial use; the beat is removed from the store once sold.
          </li>
        </ul>
        <p>
          A licence is personal to the buyer. You may not resell a beat, upload it to another marketplace, or
          register it with a content identification service as your own.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <>
        <p>
          Payments are processed by Stripe. Card numbers go straight to Stripe and never reach Beatroom&apos;s
          servers; we keep only what Stripe tells us (the card brand, its last four digits and whether the
          payment went through). Prices are shown in US dollars or euros, as you choose in Settings; you pay
          the price shown in the purchase dialog.
        </p>
        <p>
          Producers are paid through Stripe for each sale, less the fees shown on their earnings page.
          Subscriptions renew at the end of each billing period until cancelled in Settings, and stay active
          until the end of the period already paid. Credits never expire and cannot be exchanged for money.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>
          Beats are digital goods delivered at once, so a sale is final once its files have been downloaded.
          We refund the full amount to the original payment method when:
        </p>
        <ul>
          <li>
            you were charged but the beat could not be delivered (for example, an exclusive sold a moment
            earlier to someone else);
          </li>
          <li>you were charged twice for the same order;</li>
          <li>the files are damaged or not the beat that was advertised, and the producer cannot fix it.</li>
        </ul>
        <p>
          Ask for a refund from the{' '}
          <Link to="/support" className="text-accent underline underline-offset-2">
            Support Center
          </Link>{' '}
          within 14 days of the purchase. Promotions cannot be refunded once they have started. Where the law
          of your country gives you further rights, they apply.
        </p>
      </>
    ),
  },
  {
    id: 'uploads',
    title: 'What you upload',
    body: (
      <>
        <p>
          You keep the rights to the beats, covers and recordings you upload. By uploading you confirm that
          you own them or have permission to sell them, and you allow Beatroom to store them, make previews
          and waveforms, show them in the catalogue and deliver them to buyers under the licence they paid
          for.
        </p>
        <p>
          Do not upload samples you have not cleared, hateful or illegal material, or anything that infringes
          someone else&apos;s rights. Report such content with the Report button; we review reports and may
          remove the content and the beats built on it.
        </p>
      </>
    ),
  },
  {
    id: 'community',
    title: 'Challenges, collaborations and live sessions',
    body: (
      <p>
        Challenge entry fees and prizes are paid in credits; a cancelled challenge returns every entry fee.
        Anything you record in a live session is shared with the people in that session. Treat other members
        with respect: harassment, spam and vote manipulation lead to removal from the community features.
      </p>
    ),
  },
  {
    id: 'deletion',
    title: 'Deleting your account',
    body: (
      <p>
        You can delete your account at any time in Settings. Your profile, beats, recordings and settings are
        then removed. Licences that buyers already paid for stay valid, and we keep the invoices tax law
        requires us to keep, without your profile attached to anything public.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and liability',
    body: (
      <p>
        Beatroom is provided as it is. We work to keep it running, but we are not liable for lost profits or
        for how you use a beat beyond its licence. If these terms change in a way that matters, we tell you in
        the app before the change applies; continuing to use Beatroom afterwards means you accept them.
      </p>
    ),
  },
];

/** /terms: the Terms of Service, in plain words about this marketplace. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <p>
          The short version: sign in with Google, upload only music you own, buy a licence before you release
          a song on a beat, pay through Stripe, and be decent to each other. The details follow.
        </p>
      }
      sections={SECTIONS}
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
