// The app logo: an inline SVG of a train front on rails, in the accent blue.
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="logo">
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#0b4f9c" />
      <rect x="13" y="8" width="22" height="24" rx="5" fill="#fff" />
      <rect x="16" y="12" width="16" height="8" rx="1.5" fill="#0b4f9c" />
      <circle cx="18.5" cy="26" r="2" fill="#0b4f9c" />
      <circle cx="29.5" cy="26" r="2" fill="#0b4f9c" />
      <path d="M17 32 L12 40 M31 32 L36 40" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M9 37 H39 M7 42 H41" stroke="#f59e0b" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
