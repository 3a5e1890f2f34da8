import { ErrorScreen } from './error-screen'

/** /pages/errors/error-404: where every unknown path lands. Open to everyone. */
export default function Error404Page() {
  return (
    <ErrorScreen
      code={404}
      grid="rgba(94,234,212,0.5)"
      gradientFrom="brand.300"
      gradientTo="#0ea5e9"
      title="Sorry but we could not find the page you are looking for"
    >
      The link may be broken, or the page may have moved.
    </ErrorScreen>
  )
}
