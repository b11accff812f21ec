import { FREE_SHIPPING_ABOVE_RUPEES } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import type { Product } from '@makhana/domain/product';
import { PackageIcon, ShieldCheckIcon, TruckIcon } from '../../components/icons';

export function ProductAttributes({ product, sku }: { product: Product; sku: string }) {
  const rows: [string, string][] = [
    ['Brand', product.brand],
    ['Category', product.categoryType],
    ['Flavour', product.variant],
    ['Pack of', String(product.packOfBox)],
    ['Shelf life', `${product.shelfLife} ${product.shelfLife === 1 ? 'month' : 'months'}`],
    ['Model number', product.modelNumber],
    ['Country of origin', product.countryOfOrigin],
    ['Container', product.containerType],
    ['Dietary preference', product.dietaryPreference],
    ['Health benefits', product.healthBenefits],
    ['SKU', sku],
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Product details</caption>
      <tbody>
        {rows
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <tr key={label} className="border-b border-cream-200 last:border-0">
              <th scope="row" className="w-2/5 py-3 pr-4 align-top font-medium text-muted">
                {label}
              </th>
              <td className="py-3 text-ink">{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

const services = [
  {
    title: 'Free Shipping',
    text: `On orders above ${formatRupees(FREE_SHIPPING_ABOVE_RUPEES)}`,
    Icon: TruckIcon,
  },
  {
    title: 'Secure Payment',
    text: 'UPI, cards and net banking',
    Icon: ShieldCheckIcon,
  },
  {
    title: 'Premium Packaging',
    text: 'Sealed fresh, resealable',
    Icon: PackageIcon,
  },
];

export function ProductServices() {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-4">
      {services.map((service) => (
        <li
          key={service.title}
          className="flex flex-col items-center gap-2 rounded-2xl bg-forest-50 px-2 py-4 text-center"
        >
          <service.Icon width="26" height="26" strokeWidth={1.6} className="text-forest-700" />
          <span className="text-xs font-semibold text-forest-800 sm:text-sm">{service.title}</span>
          <span className="hidden text-xs text-muted sm:block">{service.text}</span>
        </li>
      ))}
    </ul>
  );
}
