// The community areas, named once for the header's Community menu and the footer. Without these
// links, challenges, the collaboration board and the activity feed were reachable only by URL.

export interface CommunityLink {
  label: string;
  to: string;
  /** One line under the label in the header's menu. */
  description: string;
}

export const COMMUNITY_LINKS: readonly CommunityLink[] = [
  { label: 'Challenges', to: '/challenges', description: 'Beat challenges with credit prizes' },
  { label: 'Collaborations', to: '/collaborations', description: 'Find a vocalist or a producer' },
  { label: 'Activity', to: '/activity', description: 'What happens on Beatroom, live' },
];

/** Live sessions: a host shares a code, the others type it in here. */
export const JOIN_SESSION_LINK: CommunityLink = {
  label: 'Join a session',
  to: '/studio/collaborate',
  description: 'Record live with a session code',
};
