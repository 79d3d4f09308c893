// The file_transfer root as EMQX 5.8 shows it with nothing configured (emqx_ft_schema defaults, filled as
// GET /configs/file_transfer fills them; emqx_ft_api_SUITE asserts the storage part of it). This node runs no file
// transfer, so these values are the whole truth about it: disabled, and never anything else.
export const FILE_TRANSFER_DEFAULTS = {
  enable: false,
  init_timeout: '10s',
  store_segment_timeout: '5m',
  assemble_timeout: '5m',
  storage: {
    local: {
      enable: true,
      segments: { gc: { interval: '1h', maximum_segments_ttl: '24h', minimum_segments_ttl: '5m' } },
      exporter: { local: { enable: true } },
    },
  },
} as const;
