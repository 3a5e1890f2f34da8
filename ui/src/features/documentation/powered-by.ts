/** The technologies shown as logos on the introduction page (each an external link). */
export interface Technology {
  id: string
  name: string
  url: string
  role: string
}

export const POWERED_BY: Technology[] = [
  { id: 'react', name: 'React', url: 'https://react.dev/', role: 'The pages' },
  { id: 'typescript', name: 'TypeScript', url: 'https://www.typescriptlang.org/', role: 'Types for the UI' },
  { id: 'vite', name: 'Vite', url: 'https://vite.dev/', role: 'Build and dev server' },
  { id: 'chakra', name: 'Chakra UI', url: 'https://chakra-ui.com/', role: 'Components and theming' },
  { id: 'jotai', name: 'Jotai', url: 'https://jotai.org/', role: 'State' },
  { id: 'router', name: 'React Router', url: 'https://reactrouter.com/', role: 'Routes' },
  { id: 'recharts', name: 'Recharts', url: 'https://recharts.org/', role: 'Charts' },
  { id: 'python', name: 'Python', url: 'https://www.python.org/', role: 'The API' },
  { id: 'starlette', name: 'Starlette', url: 'https://www.starlette.io/', role: 'HTTP server' },
  { id: 'socketio', name: 'Socket.IO', url: 'https://socket.io/', role: 'Live updates' },
  { id: 'redis', name: 'Redis', url: 'https://redis.io/', role: 'Messages and jobs' },
  { id: 'postgresql', name: 'PostgreSQL', url: 'https://www.postgresql.org/', role: 'Database in production' },
]

/** The marketplace that sells the admin template (the shopping-cart button). */
export const MARKETPLACE_URL = 'https://themeforest.net/'
