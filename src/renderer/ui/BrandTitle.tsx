import { PRODUCT_NAME } from '../../shared/constants.js';

/** Where the product name is split into its two colours ("Spawn" + "point"). */
const SPLIT_AT = PRODUCT_NAME.toLowerCase().indexOf('point');

export function BrandTitle({ as: Tag = 'h1', className = '' }: { as?: 'h1' | 'span'; className?: string }) {
  const first = SPLIT_AT > 0 ? PRODUCT_NAME.slice(0, SPLIT_AT) : PRODUCT_NAME;
  const second = SPLIT_AT > 0 ? PRODUCT_NAME.slice(SPLIT_AT) : '';
  return (
    <Tag className={`brand ${className}`.trim()} data-testid="brand-title" dir="ltr">
      <span className="brand__first">{first}</span>
      <span className="brand__second">{second}</span>
    </Tag>
  );
}
