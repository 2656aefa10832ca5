/**
 * The qrcode package, loaded at its first use: the server's start and the operator's commands that draw no
 * code do not pay for it (each package loaded at start adds to every start and every CLI command).
 */
export async function qrcode() {
  return (await import('qrcode')).default;
}
