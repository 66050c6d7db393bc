/** Colours of the link groups' chips (non-text marks, chosen to tell apart in both themes). */
import type { LinkGroup } from './pane-contract';

export const LINK_COLOURS: Record<Exclude<LinkGroup, null>, string> = {
  red: '#e5484d',
  green: '#30a46c',
  blue: '#3e8ef7',
  yellow: '#e2b203',
};
