import { ErrorScreen } from './error-screen'

/** /pages/errors/error-500: the template's server error page. Open to everyone. */
export default function Error500Page() {
  return (
    <ErrorScreen code={500} grid="rgba(251,146,60,0.5)" gradientFrom="orange.300" gradientTo="red.500" title="Well, you broke the internet!">
      Just kidding — something went wrong on our side. The error has been logged with its request id; try again in a moment, and tell an
      administrator if it keeps happening.
    </ErrorScreen>
  )
}
