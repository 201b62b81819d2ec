// The members' pages (/my), in the order the navigation and the overview list them: one list, so a new page is
// added in one place.
export interface MySection {
  href: string;
  label: string;
  /** What the overview says the page is for. */
  about: string;
}

export const MY_SECTIONS: readonly MySection[] = [
  { href: '/my/details', label: 'My details', about: 'Your name, phone, email, address and date of birth.' },
  { href: '/my/household', label: 'My household', about: 'The people in your household and its address.' },
  { href: '/my/ministries', label: 'My ministries', about: 'The ministries you serve in, and asking to join one.' },
  { href: '/my/registrations', label: 'My registrations', about: 'The events you registered for.' },
  { href: '/my/prayers', label: 'My prayer requests', about: 'Your prayer requests and their updates.' },
  { href: '/my/gifts', label: 'My gifts', about: 'The gifts you have given.' },
  { href: '/my/consent', label: 'My consent', about: 'Email, SMS and the members’ directory: what you agreed to.' },
  { href: '/my/directory', label: 'Members’ directory', about: 'Members who chose to be listed.' },
  { href: '/my/data', label: 'My data', about: 'Download everything we keep about you, or ask to be removed.' },
];
