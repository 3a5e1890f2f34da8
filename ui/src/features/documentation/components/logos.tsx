import type { ReactNode } from 'react'

/** Small marks of the technologies the portal is built with, drawn inline (no network). */
function Mark({ bg, children }: { bg: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden>
      <rect width="48" height="48" rx="10" fill={bg} />
      {children}
    </svg>
  )
}

function Letters({ text, color = '#ffffff', size = 18 }: { text: string; color?: string; size?: number }) {
  return (
    <text x="24" y="25" textAnchor="middle" dominantBaseline="middle" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize={size} fill={color}>
      {text}
    </text>
  )
}

const LOGOS: Record<string, ReactNode> = {
  react: (
    <Mark bg="#20232a">
      <g fill="none" stroke="#61dafb" strokeWidth="2">
        <ellipse cx="24" cy="24" rx="16" ry="6.5" />
        <ellipse cx="24" cy="24" rx="16" ry="6.5" transform="rotate(60 24 24)" />
        <ellipse cx="24" cy="24" rx="16" ry="6.5" transform="rotate(120 24 24)" />
      </g>
      <circle cx="24" cy="24" r="3" fill="#61dafb" />
    </Mark>
  ),
  typescript: (
    <Mark bg="#3178c6">
      <Letters text="TS" />
    </Mark>
  ),
  vite: (
    <Mark bg="#1e1b4b">
      <path d="M8 11l16 29 16-29-16 4z" fill="#a78bfa" />
      <path d="M26 9l-9 17h7l-3 14 11-20h-7l4-11z" fill="#facc15" />
    </Mark>
  ),
  chakra: (
    <Mark bg="#0f766e">
      <circle cx="24" cy="24" r="15" fill="#5eead4" />
      <path d="M27 11l-11 15h8l-3 11 11-15h-8z" fill="#0f766e" />
    </Mark>
  ),
  jotai: (
    <Mark bg="#f5f5f4">
      <Letters text="J" color="#1c1917" size={24} />
    </Mark>
  ),
  router: (
    <Mark bg="#f44250">
      <circle cx="14" cy="30" r="4" fill="#fff" />
      <circle cx="24" cy="20" r="4" fill="#fff" />
      <circle cx="34" cy="30" r="4" fill="#fff" />
      <path d="M14 30l10-10 10 10" stroke="#fff" strokeWidth="2" fill="none" />
    </Mark>
  ),
  recharts: (
    <Mark bg="#22863a">
      <path d="M10 36V24M18 36V16M26 36V22M34 36V12" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </Mark>
  ),
  python: (
    <Mark bg="#1e293b">
      <rect x="11" y="9" width="17" height="17" rx="5" fill="#3776ab" />
      <rect x="20" y="22" width="17" height="17" rx="5" fill="#ffd43b" />
    </Mark>
  ),
  starlette: (
    <Mark bg="#0b3d2e">
      <path d="M24 9l4.4 9 9.9 1.4-7.2 7 1.7 9.8L24 31.6l-8.8 4.6 1.7-9.8-7.2-7 9.9-1.4z" fill="#fbbf24" />
    </Mark>
  ),
  socketio: (
    <Mark bg="#010101">
      <circle cx="24" cy="24" r="14" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M27 12l-9 14h6l-3 10 9-14h-6z" fill="#fff" />
    </Mark>
  ),
  redis: (
    <Mark bg="#dc382d">
      <path d="M10 18l14-6 14 6-14 6z M10 25l14 6 14-6 M10 31l14 6 14-6" stroke="#fff" strokeWidth="2" fill="none" strokeLinejoin="round" />
    </Mark>
  ),
  postgresql: (
    <Mark bg="#336791">
      <Letters text="PG" />
    </Mark>
  ),
}

/** The logo of a technology of the introduction page (by id). */
export function TechLogo({ id }: { id: string }) {
  return <>{LOGOS[id] ?? null}</>
}
