// The EMQX release this node reports (login `version`, node info) and its rel_vsn form for /status.
export const EMQX_VERSION = '5.8.9';
/** rel_vsn carries the edition prefix: 'v' on CE, 'e' on EE; this node reports EE. */
export const REL_VSN = `e${EMQX_VERSION}`;
