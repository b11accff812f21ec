import { NUTRIENTS, type NutrientKey } from '@makhana/domain/declarations';
import { formatRupees } from '@makhana/domain/money';
import type { Product, ProductVariant } from '@makhana/domain/product';
import { formatNetQuantity, pricePer100g } from '@makhana/domain/unit-price';
import type { ReactNode } from 'react';
import { VegMark } from '../../components/veg-mark';
import { telHref } from '../../lib/phone';
import { useAppSelector } from '../../stores/hooks';

/**
 * "₹1.80", "₹179.60", "₹1,499": a unit price keeps both paise digits, as a shelf label prints it,
 * where `formatRupees` would drop the trailing zero.
 */
function formatUnitPrice(rupees: number): string {
  const paise = Math.round(rupees * 100);
  const fraction = paise % 100;
  if (fraction === 0) return formatRupees(paise / 100);
  return `${formatRupees(Math.floor(paise / 100))}.${String(fraction).padStart(2, '0')}`;
}

/** Parts of the total above them, indented under it as a label prints them. */
const PART_OF_TOTAL: ReadonlySet<NutrientKey> = new Set([
  'addedSugarsG',
  'saturatedFatG',
  'transFatG',
]);

const linkClass = 'font-semibold text-forest-700 underline underline-offset-2';

function Fact({
  term,
  className = '',
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`rounded-2xl bg-forest-50 px-4 py-3 ${className}`}>
      <dt className="text-xs font-medium text-muted">{term}</dt>
      <dd className="mt-1 font-semibold text-forest-800 sm:text-lg">{children}</dd>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-b border-cream-200 py-3 last:border-0 sm:flex">
      <dt className="font-medium text-muted sm:w-2/5 sm:shrink-0 sm:pr-4">{term}</dt>
      <dd className="mt-0.5 min-w-0 break-words text-ink sm:mt-0">{children}</dd>
    </div>
  );
}

function Maker({ name, address }: { name: string; address: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-ink/85">{address}</span>
    </>
  );
}

/**
 * What the law asks a packaged food's listing to declare before the sale (Legal Metrology
 * (Packaged Commodities) Rules 2011, rule 6; FSSAI Labelling and Display Regulations 2020): the
 * chosen weight's net quantity, MRP and unit sale price, what is in it, who made it, and the
 * seller's licence and consumer care. Rendered on the server with the page, so the first HTML
 * declares it all.
 */
export function ProductInformation({
  product,
  variant,
}: {
  product: Product;
  variant: ProductVariant | undefined;
}) {
  // Read, not asked for: a served page brings it, and the footer on every page asks for it
  // otherwise; a second asker mounting beside it would send a second request.
  const identity = useAppSelector((state) => state.shop.identity);
  const { nutrition, vegetarian, shelfLife } = product;
  const care = identity?.consumerCare;

  return (
    <section aria-labelledby="information-heading" className="mt-8">
      <div className="flex items-center justify-between gap-4">
        <h2
          id="information-heading"
          className="font-display text-2xl font-semibold text-forest-800"
        >
          Product information
        </h2>
        {vegetarian !== null && <VegMark vegetarian={vegetarian} size={28} className="shrink-0" />}
      </div>

      {variant && (
        <>
          <dl
            className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4"
            data-testid="chosen-pack"
          >
            <Fact term="Net quantity">{formatNetQuantity(variant.weight)}</Fact>
            <Fact term="MRP">{formatRupees(variant.price)}</Fact>
            <Fact term="Unit sale price" className="col-span-2 sm:col-span-1">
              {formatUnitPrice(variant.unitSalePrice.amount)} per {variant.unitSalePrice.per}
              <span className="mt-0.5 block text-xs font-medium text-muted">
                {formatUnitPrice(pricePer100g(variant.price, variant.weight))} per 100 g
              </span>
            </Fact>
          </dl>
          <p className="mt-2 text-xs text-muted">
            MRP inclusive of all taxes (GST {product.gstRate}% included)
          </p>
        </>
      )}

      <dl className="card mt-4 px-5 text-sm">
        {product.ingredients.trim() !== '' && <Row term="Ingredients">{product.ingredients}</Row>}
        {product.allergens.trim() !== '' && <Row term="Allergens">{product.allergens}</Row>}
        <Row term="Best before">
          {shelfLife} {shelfLife === 1 ? 'month' : 'months'} from packaging
        </Row>
        {product.manufacturer.name.trim() !== '' && (
          <Row term="Manufactured by">
            <Maker {...product.manufacturer} />
          </Row>
        )}
        {product.packer && (
          <Row term="Packed by">
            <Maker {...product.packer} />
          </Row>
        )}
        {product.countryOfOrigin.trim() !== '' && (
          <Row term="Country of origin">{product.countryOfOrigin}</Row>
        )}
        {identity && identity.fssaiLicence !== '' && (
          <Row term="FSSAI licence">
            <span className="inline-flex flex-wrap items-center gap-x-2">
              <abbr
                title="Food Safety and Standards Authority of India"
                className="rounded border border-forest-700 px-1.5 pb-0.5 font-sans text-sm font-bold italic leading-none text-forest-700 no-underline"
              >
                fssai
              </abbr>
              <span>Lic. No. {identity.fssaiLicence}</span>
            </span>
          </Row>
        )}
        {care && (
          <Row term="Consumer care">
            <address className="not-italic" data-testid="consumer-care">
              <span className="block font-medium">{care.name}</span>
              <span className="block text-ink/85">{care.address}</span>
              <span className="block">
                Phone:{' '}
                <a className={linkClass} href={telHref(care.phone)}>
                  {care.phone}
                </a>
              </span>
              <span className="block">
                E-mail:{' '}
                <a className={linkClass} href={`mailto:${care.email}`}>
                  {care.email}
                </a>
              </span>
            </address>
          </Row>
        )}
      </dl>

      {nutrition && (
        <div className="card mt-4 px-5 pb-2">
          <table className="w-full text-left text-sm">
            <caption className="pt-4 pb-1 text-left font-semibold text-forest-800">
              Nutrition information per 100 g
            </caption>
            <thead>
              <tr className="border-b border-cream-200 text-xs text-muted">
                <th scope="col" className="py-2 font-medium">
                  Nutrient
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Per 100 g
                </th>
              </tr>
            </thead>
            <tbody>
              {NUTRIENTS.map((nutrient) => (
                <tr key={nutrient.key} className="border-b border-cream-200 last:border-0">
                  <th
                    scope="row"
                    className={`py-2 font-medium ${PART_OF_TOTAL.has(nutrient.key) ? 'pl-4 text-muted' : 'text-ink'}`}
                  >
                    {nutrient.label}
                  </th>
                  <td className="py-2 text-right tabular-nums text-ink">
                    {nutrition[nutrient.key]} {nutrient.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
