import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { User } from '@/types/api'
import { verifyMachine, type VerifyResult } from './verify.machine'

const verifiedUser: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  instituteName: null,
  isVerified: true,
  emailVerified: true,
}

type Stubs = {
  verify?: (input: { email: string; code: string }) => Promise<VerifyResult>
  resend?: (input: { email: string }) => Promise<unknown>
}

function start(stubs: Stubs = {}, countdown?: number) {
  const markVerified = vi.fn()
  const leave = vi.fn()
  const verifyCalls: Array<{ email: string; code: string }> = []
  const resendCalls: Array<{ email: string }> = []
  const machine = verifyMachine.provide({
    actors: {
      verifyCode: fromPromise(async ({ input }: { input: { email: string; code: string } }) => {
        verifyCalls.push(input)
        return stubs.verify ? stubs.verify(input) : { user: verifiedUser }
      }),
      resendCode: fromPromise(async ({ input }: { input: { email: string } }) => {
        resendCalls.push(input)
        return stubs.resend ? stubs.resend(input) : { message: 'sent' }
      }),
    },
    actions: {
      markVerified: (_, params) => markVerified(params),
      leave: () => leave(),
    },
  })
  const actor = createActor(machine, { input: { email: 'ada@example.com', countdown } }).start()
  return { actor, markVerified, leave, verifyCalls, resendCalls }
}

describe('verify machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts entering a code with a 60 second resend countdown', () => {
    const { actor } = start()
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches({ code: 'entering', resend: 'countingDown' })).toBe(true)
    expect(snapshot.context).toMatchObject({ email: 'ada@example.com', code: '', error: null, countdown: 60 })
  })

  it('keeps only digits, at most six of them', () => {
    const { actor } = start()
    actor.send({ type: 'code.change', value: '12a3-4567 89' })
    expect(actor.getSnapshot().context.code).toBe('123456')
  })

  it('refuses an incomplete code and clears the error on typing', async () => {
    const { actor, verifyCalls } = start()
    actor.send({ type: 'code.change', value: '123' })
    actor.send({ type: 'code.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please enter the complete 6-digit code')
    expect(actor.getSnapshot().matches({ code: 'entering' })).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(verifyCalls).toHaveLength(0)
    actor.send({ type: 'code.change', value: '1234' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('verifies a complete code, marks the session verified and leaves 500 ms later', async () => {
    const { actor, markVerified, leave, verifyCalls } = start()
    actor.send({ type: 'code.change', value: '654321' })
    actor.send({ type: 'code.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(verifyCalls).toEqual([{ email: 'ada@example.com', code: '654321' }])
    expect(actor.getSnapshot().matches({ code: 'success' })).toBe(true)
    expect(markVerified).toHaveBeenCalledWith({ user: verifiedUser })
    await vi.advanceTimersByTimeAsync(499)
    expect(leave).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(leave).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches({ code: 'done' })).toBe(true)
  })

  it('shows the server message when verification fails', async () => {
    const { actor, markVerified } = start({
      verify: () => Promise.reject({ error: 'Invalid verification code', status: 400 }),
    })
    actor.send({ type: 'code.change', value: '000000' })
    actor.send({ type: 'code.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ code: 'entering' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Invalid verification code')
    expect(markVerified).not.toHaveBeenCalled()
  })

  it('falls back to the generic text when the failure has no message', async () => {
    const { actor } = start({ verify: () => Promise.reject(new Error('boom')) })
    actor.send({ type: 'code.change', value: '000000' })
    actor.send({ type: 'code.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Failed to verify email. Please try again.')
  })

  it('counts down one second per tick and offers a resend at zero', async () => {
    const { actor } = start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.countdown).toBe(59)
    await vi.advanceTimersByTimeAsync(58_000)
    expect(actor.getSnapshot().context.countdown).toBe(1)
    expect(actor.getSnapshot().matches({ resend: 'countingDown' })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'resend.request' })).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.countdown).toBe(0)
    expect(actor.getSnapshot().matches({ resend: 'ready' })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'resend.request' })).toBe(true)
  })

  it('ignores a resend request during the countdown', async () => {
    const { actor, resendCalls } = start()
    actor.send({ type: 'resend.request' })
    await vi.advanceTimersByTimeAsync(0)
    expect(resendCalls).toHaveLength(0)
  })

  it('resending restarts the 60 second countdown and clears the error', async () => {
    const { actor, resendCalls } = start({ verify: () => Promise.reject({ error: 'Verification code expired' }) }, 0)
    expect(actor.getSnapshot().matches({ resend: 'ready' })).toBe(true)
    actor.send({ type: 'code.change', value: '111111' })
    actor.send({ type: 'code.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Verification code expired')
    actor.send({ type: 'resend.request' })
    expect(actor.getSnapshot().hasTag('resending')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(resendCalls).toEqual([{ email: 'ada@example.com' }])
    expect(actor.getSnapshot().matches({ resend: 'countingDown' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ countdown: 60, error: null })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(actor.getSnapshot().matches({ resend: 'ready' })).toBe(true)
  })

  it('shows the resend failure text and keeps the resend button', async () => {
    const { actor } = start({ resend: () => Promise.reject({ error: 'Please wait 30 seconds before requesting a new code' }) }, 0)
    actor.send({ type: 'resend.request' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ resend: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Failed to resend verification code. Please try again.')
  })
})
