import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { forgotPasswordMachine } from './forgot-password.machine'

type Stubs = {
  request?: () => Promise<unknown>
  reset?: () => Promise<unknown>
}

function start(stubs: Stubs = {}) {
  const leave = vi.fn()
  const requests: Array<{ email: string }> = []
  const resets: Array<{ email: string; code: string; newPassword: string }> = []
  const machine = forgotPasswordMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }: { input: { email: string } }) => {
        requests.push(input)
        return stubs.request ? stubs.request() : { message: 'sent' }
      }),
      resetPassword: fromPromise(async ({ input }: { input: { email: string; code: string; newPassword: string } }) => {
        resets.push(input)
        return stubs.reset ? stubs.reset() : { message: 'done' }
      }),
    },
    actions: { leave: () => leave() },
  })
  const actor = createActor(machine, { input: {} }).start()
  return { actor, leave, requests, resets }
}

async function reachResetStep(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'email.change', value: '  ada@example.com ' })
  actor.send({ type: 'email.submit' })
  await vi.advanceTimersByTimeAsync(0)
}

describe('forgot password machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks for an email address first', () => {
    const { actor } = start()
    actor.send({ type: 'email.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please enter your email address')
    actor.send({ type: 'email.change', value: 'ada at example' })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'email.submit' })
    expect(actor.getSnapshot().context.error).toBe('Please enter a valid email address')
    expect(actor.getSnapshot().matches('requestingEmail')).toBe(true)
  })

  it('sends the code to the trimmed address and moves to the reset step with a countdown', async () => {
    const { actor, requests } = start()
    await reachResetStep(actor)
    expect(requests).toEqual([{ email: 'ada@example.com' }])
    expect(actor.getSnapshot().matches({ reset: { form: 'entering', resend: 'countingDown' } })).toBe(true)
    expect(actor.getSnapshot().context.countdown).toBe(60)
  })

  it('stays on the email step when the code cannot be sent', async () => {
    const { actor } = start({ request: () => Promise.reject({ error: 'Network error' }) })
    await reachResetStep(actor)
    expect(actor.getSnapshot().matches('requestingEmail')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Failed to send verification code. Please try again.')
  })

  it('checks the reset form in the documented order', async () => {
    const { actor } = start()
    await reachResetStep(actor)
    const submit = () => {
      actor.send({ type: 'reset.submit' })
      return actor.getSnapshot().context.error
    }
    expect(submit()).toBe('Please enter the complete 6-digit code')
    actor.send({ type: 'code.change', value: '12345678' })
    expect(actor.getSnapshot().context.code).toBe('123456')
    expect(submit()).toBe('Please enter a new password')
    actor.send({ type: 'password.change', field: 'newPassword', value: 'short' })
    expect(submit()).toBe('Passwords do not match')
    actor.send({ type: 'password.change', field: 'confirmPassword', value: 'short' })
    expect(submit()).toBe('Password must be at least 8 characters long')
  })

  it('resets the password and leaves', async () => {
    const { actor, resets, leave } = start()
    await reachResetStep(actor)
    actor.send({ type: 'code.change', value: '123456' })
    actor.send({ type: 'password.change', field: 'newPassword', value: 'new-secret-1' })
    actor.send({ type: 'password.change', field: 'confirmPassword', value: 'new-secret-1' })
    actor.send({ type: 'reset.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(resets).toEqual([{ email: 'ada@example.com', code: '123456', newPassword: 'new-secret-1' }])
    expect(leave).toHaveBeenCalledTimes(1)
  })

  it('maps reset failures to the screen texts', async () => {
    let failure: unknown = { error: 'Invalid verification code' }
    const { actor } = start({ reset: () => Promise.reject(failure) })
    await reachResetStep(actor)
    actor.send({ type: 'code.change', value: '123456' })
    actor.send({ type: 'password.change', field: 'newPassword', value: 'new-secret-1' })
    actor.send({ type: 'password.change', field: 'confirmPassword', value: 'new-secret-1' })
    actor.send({ type: 'reset.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Invalid verification code. Please check and try again.')
    failure = { error: 'Verification code expired' }
    actor.send({ type: 'reset.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('Failed to reset password. Please try again.')
  })

  it('offers a resend after 60 seconds that sends a new code and restarts the countdown', async () => {
    const { actor, requests } = start()
    await reachResetStep(actor)
    await vi.advanceTimersByTimeAsync(59_000)
    expect(actor.getSnapshot().can({ type: 'resend.request' })).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().matches({ reset: { resend: 'ready' } })).toBe(true)
    actor.send({ type: 'resend.request' })
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toHaveLength(2)
    expect(actor.getSnapshot().context.countdown).toBe(60)
  })
})
