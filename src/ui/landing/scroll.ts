/** The landing page's sections by anchor [product: LAND-2]. */
export const sectionIds = {
  features: 'features',
  socialProof: 'social-proof',
  pricing: 'pricing',
  contact: 'contact',
} as const;

export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];

/** Scrolls a section into view (smoothly, unless the visitor asked for less motion). */
export function scrollToSection(id: SectionId) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
