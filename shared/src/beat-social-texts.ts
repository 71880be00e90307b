// The texts of what people do with a beat (favourites, ratings, reviews) that the web's beat page
// shows as they are: zod-free, so the page does not build the contract's schemas for a sentence.

/** Rating one's own beat is refused with 403 and this text (as BeatStars does). */
export const CANNOT_RATE_OWN_BEAT = 'You cannot rate your own beat';
