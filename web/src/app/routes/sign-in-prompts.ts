/**
 * What a visitor sees on each members-only page of the route table instead of the page. Loaded
 * only when a visitor lands on one (routes.tsx names them), so the first load does not carry them.
 */
export const signInPrompts = {
  localCheckout: {
    title: 'Sign in to complete your purchase',
    description:
      'This checkout belongs to the account that started it: sign in with that account to pay or cancel.',
  },
  earnings: {
    title: 'Sign in to see your earnings',
    description: 'Your sales, what reaches you after fees, and your payouts.',
  },
  dashboard: {
    title: 'Sign in to see your beats',
    description: 'Plays, downloads, sales and promotions of every beat you uploaded.',
  },
  notifications: {
    title: 'Sign in to see your notifications',
    description: 'New followers, new beats from producers you follow and reviews of your beats show up here.',
  },
  myRecordings: {
    title: 'Sign in to see your recordings',
    description: 'The vocal takes you save in the studio are kept here, to play, download or delete.',
  },
  support: {
    title: 'Sign in to get support',
    description: 'Open a ticket with the Beatroom team and follow the conversation here.',
  },
  supportTicket: {
    title: 'Sign in to see your ticket',
    description: 'Your support tickets are visible only to you and the support team.',
  },
  studio: {
    title: 'Sign in to use the studio',
    description:
      'Record your vocals over this beat with effects, presets and a count-in, then save your take as a vocal cover.',
  },
  createSession: {
    title: 'Sign in to start a session',
    description: 'Open a live session over this beat and invite up to three others with its code.',
  },
  activity: {
    title: 'Sign in to see community activity',
    description: 'Follow uploads, follows and ratings across Beatroom as they happen.',
  },
} satisfies Record<string, { title: string; description: string }>;

export type SignInPromptName = keyof typeof signInPrompts;
