/** The countdown of the coming-soon page. */

export interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
  done: boolean
}

export function countdownParts(target: Date, now: Date): CountdownParts {
  const left = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000))
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
    done: left === 0,
  }
}

/** The launch the page counts down to: 09:00 UTC on the first day of the month after next. */
export function nextLaunch(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 9, 0, 0))
}
