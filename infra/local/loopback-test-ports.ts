/**
 * The loopback ports the local test servers listen on (SMTP, FTP, SFTP, IMAP, the provider
 * stand-ins; see tests/support/loopback-port.ts). The emulator's deployments open exactly these to
 * the outbound-destination policy, so the product reaches those servers while 127.0.0.1 on any
 * other port (the emulator itself, the web server), ::1, private and metadata addresses stay
 * refused as in production. The range sits below Linux's ephemeral ports (32768–60999), so no
 * outgoing connection holds one of them.
 */
export const LOOPBACK_TEST_PORTS = { host: '127.0.0.1', from: 24_000, to: 24_999 } as const;

/** The allow-list setting (`outboundAllowList`) of the emulator's deployments. */
export const LOOPBACK_TEST_ALLOW_LIST = `${LOOPBACK_TEST_PORTS.host}:${LOOPBACK_TEST_PORTS.from}-${LOOPBACK_TEST_PORTS.to}`;
