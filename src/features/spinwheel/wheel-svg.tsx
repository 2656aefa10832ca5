import type { Slice } from './queries';

const C = 100; // centre of the 200 x 200 view box
const R = 96;

const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(C + r * Math.sin(a)).toFixed(3)} ${(C - r * Math.cos(a)).toFixed(3)}`;
};

/** One slice from `from` to `to` degrees, clockwise from 12 o'clock (see rotation.ts). */
function slicePath(from: number, to: number): string {
  const large = to - from > 180 ? 1 : 0;
  return `M${C} ${C}L${point(from, R)}A${R} ${R} 0 ${large} 1 ${point(to, R)}Z`;
}

/**
 * §2 Spin wheel: the operator's slices with their colours and labels, written along the radius so a
 * Thai or Lao label has the slice's length to itself. It turns by `rotation` degrees over `durationMs`
 * with friction; the pointer stays at the top.
 */
export function WheelSvg({
  slices,
  rotation,
  durationMs,
  easing,
  label,
}: {
  slices: Slice[];
  rotation: number;
  durationMs: number;
  easing: string;
  label: string;
}) {
  const segment = 360 / Math.max(1, slices.length);
  const fontSize = slices.length > 10 ? 8 : 10;
  return (
    <div className="wheel">
      <svg
        className="wheel-disc"
        viewBox="0 0 200 200"
        role="img"
        aria-label={label}
        style={{ transform: `rotate(${rotation}deg)`, transition: durationMs > 0 ? `transform ${durationMs}ms ${easing}` : 'none' }}
      >
        <circle cx={C} cy={C} r={R + 3} fill="#1b2a4a" />
        {slices.map((s, i) => {
          const mid = (i + 0.5) * segment;
          // labels on the left half turn round, so none reads upside down
          const flip = mid > 180;
          return (
            <g key={s.code}>
              <path d={slicePath(i * segment, (i + 1) * segment)} fill={s.bgColor} stroke="#ffffff" strokeWidth="0.8" />
              <text
                x={flip ? C - R * 0.58 : C + R * 0.58}
                y={C}
                transform={`rotate(${flip ? mid + 90 : mid - 90} ${C} ${C})`}
                fill={s.textColor}
                fontSize={fontSize}
                fontWeight="700"
                textAnchor="middle"
                dominantBaseline="central"
                {...(s.label.length > 11 ? { textLength: R * 0.62, lengthAdjust: 'spacingAndGlyphs' } : {})}
              >
                {s.label}
              </text>
            </g>
          );
        })}
        <circle cx={C} cy={C} r={13} fill="#ffffff" stroke="#1b2a4a" strokeWidth="3" />
      </svg>
      <svg className="wheel-pointer" viewBox="0 0 24 28" aria-hidden="true">
        <path d="M2 2h20L12 26z" fill="#e53935" stroke="#ffffff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
