import { describe, expect, it } from 'vitest'

import { formatMessageTime, ordinal } from './format'

describe('chat message timestamps', () => {
  it("formats as 'MMMM Do YYYY, h:mm:ss a'", () => {
    expect(formatMessageTime(new Date(2026, 10, 22, 16, 5, 9))).toBe('November 22nd 2026, 4:05:09 pm')
    expect(formatMessageTime(new Date(2026, 0, 1, 0, 0, 0))).toBe('January 1st 2026, 12:00:00 am')
    expect(formatMessageTime(new Date(2026, 2, 3, 12, 30, 59))).toBe('March 3rd 2026, 12:30:59 pm')
    expect(formatMessageTime(new Date(2026, 11, 11, 9, 7, 5))).toBe('December 11th 2026, 9:07:05 am')
  })

  it('reads ISO strings (shown in local time) and rejects nonsense', () => {
    const iso = new Date(2026, 4, 31, 23, 59, 1).toISOString()
    expect(formatMessageTime(iso)).toBe('May 31st 2026, 11:59:01 pm')
    expect(formatMessageTime('not a date')).toBe('')
  })

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31, 101, 111, 112].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '24th', '30th', '31st', '101st', '111th', '112th',
    ])
  })
})
