/**
 * The shop's identity: every screen, mail and page reads it from here, so a new owner changes
 * these values once.
 */
export const SITE = {
  brand: 'Mithila Makhana Co.',
  shortBrand: 'Mithila Makhana',
  tagline: 'Premium organic fox nuts from the ponds of Bihar',
  description:
    'Premium, 100% organic makhana (fox nuts) hand-harvested in Mithila, Bihar, and roasted in small batches. Shop classic, Himalayan pink salt, peri peri, cheese, mint and caramel makhana, delivered across India.',
  supportEmail: 'care@mithilamakhana.in',
  phone: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  address: {
    line1: 'Plot 14, Makhana Processing Cluster',
    line2: 'Near Lalbagh Chowk, Bela Industrial Area',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846005',
    country: 'India',
  },
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/mithilamakhana' },
    { name: 'Facebook', href: 'https://www.facebook.com/mithilamakhana' },
    { name: 'YouTube', href: 'https://www.youtube.com/@mithilamakhana' },
  ],
} as const;

export function formatAddress(): string {
  const a = SITE.address;
  return `${a.line1}, ${a.line2}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
}
