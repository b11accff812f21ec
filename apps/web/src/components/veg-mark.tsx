/**
 * The mark a packaged food's label must carry (FSSAI Labelling and Display Regulations 2020): a
 * green square outline round a filled green circle for vegetarian food, a brown one round a filled
 * brown triangle for non-vegetarian. Drawn on a white ground, as the label prints it, so it reads
 * the same on any background. Its name is the only words it carries, so it is an image, not
 * decoration.
 */
export function VegMark({
  vegetarian,
  size = 24,
  className,
}: {
  vegetarian: boolean;
  size?: number;
  className?: string;
}) {
  const colour = vegetarian ? '#008000' : '#7b3f00';
  const name = vegetarian ? 'Vegetarian' : 'Non-vegetarian';
  return (
    <svg
      viewBox="0 0 20 20"
      width={size}
      height={size}
      role="img"
      aria-label={name}
      className={className}
    >
      <title>{name}</title>
      <rect
        x="1"
        y="1"
        width="18"
        height="18"
        rx="1.5"
        fill="#fff"
        stroke={colour}
        strokeWidth="2"
      />
      {vegetarian ? (
        <circle cx="10" cy="10" r="5" fill={colour} />
      ) : (
        <path d="M10 4.5 15.5 14.5h-11z" fill={colour} />
      )}
    </svg>
  );
}
