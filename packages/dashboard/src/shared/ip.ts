// IP address check in the browser, as the node's `net.isIP` (explain refuses anything else with 400).

const V4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const V4 = new RegExp(`^${V4_PART}(?:\\.${V4_PART}){3}$`);

/** IPv4 dotted decimal (no leading zeros), or IPv6 in any notation (`::`, embedded IPv4, an optional `%zone`). */
export function isIpAddress(text: string): boolean {
  const s = text.trim();
  if (V4.test(s)) return true;
  if (!s.includes(':') || /[[\]/]/.test(s)) return false;
  const [addr, zone, ...rest] = s.split('%');
  if (rest.length || (zone !== undefined && !/^[\w.-]+$/.test(zone))) return false;
  try {
    new URL(`http://[${addr}]/`); // the WHATWG URL parser implements the IPv6 grammar
    return true;
  } catch {
    return false;
  }
}
