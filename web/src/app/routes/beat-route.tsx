import { BeatDetailPage } from '../../features/beat-detail/components/beat-detail-page';
import type { BeatPageSlots } from '../../features/beat-detail/components/beat-page-slots';
import { LikeButton } from '../../features/catalogue/components/like-button';
import { BeatPlayerPanel } from '../../features/player/components/beat-player-panel';
import { ProducerBadges } from '../../features/profile/components/producer-badges';
import { PromoteBeatButton } from '../../features/promotions/components/promote-beat-button';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { BeatPriceButton } from '../../features/purchase/components/beat-price-button';
import { LicenceTable } from '../../features/purchase/components/licence-table';
import { ReportButton } from '../../features/reports/components/report-button';
import { RateBeatButton } from '../../features/reviews/components/rate-beat-button';
import { RatingSummary } from '../../features/reviews/components/rating-summary';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { ManageBeatDialog } from '../beat-slots';

/** The beat page's parts owned by other features (defined once: the slots never change). */
const slots: BeatPageSlots = {
  producerBadges: (userId) => <ProducerBadges userId={userId} />,
  ratingSummary: (beat) => <RatingSummary beatId={beat.id} />,
  rateButton: (beat) => <RateBeatButton beat={beat} />,
  favoriteButton: (beat) => <LikeButton beat={beat} variant="labelled" />,
  player: (beat, purchase) => <BeatPlayerPanel beat={beat}>{purchase}</BeatPlayerPanel>,
  priceButton: (beat) => (
    <>
      <BeatPriceButton beat={beat} variant="page" />
      <AddToCartButton beat={beat} variant="page" />
    </>
  ),
  licensing: (beat) => <LicenceTable beatId={beat.id} producerId={beat.user_id} />,
  reviews: (beat) => (
    <ReviewsSection
      beat={beat}
      reviewActions={(review) => (
        <ReportButton targetType="review" targetId={review.id} ownerId={review.user_id} variant="icon" />
      )}
    />
  ),
  manageBeat: (props) => <ManageBeatDialog {...props} />,
  promoteButton: (beat) => <PromoteBeatButton beat={beat} />,
  reportButton: (beat) => <ReportButton targetType="beat" targetId={beat.id} ownerId={beat.user_id} />,
};

/** /beat/:beatId and /beats/:beatId. */
export function BeatRoute() {
  return <BeatDetailPage slots={slots} />;
}
