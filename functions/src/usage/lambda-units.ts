/**
 * What Lambda bills an invocation: one request, and its duration rounded up to the millisecond
 * times the memory configured for the function (whatever it used), in GB-seconds.
 */
export const billedMilliseconds = (durationMs: number): number => Math.max(1, Math.ceil(durationMs));

export const gbSeconds = (memoryMb: number, durationMs: number): number => (memoryMb / 1024) * (billedMilliseconds(durationMs) / 1000);
