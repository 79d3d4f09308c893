import { defineMessages } from '../../i18n/defineMessages';

export const clusterMessages = defineMessages('cluster', {
  title: { en: 'Cluster', zh: '集群' },
  clusterName: { en: 'Cluster Name', zh: '集群名称' },
  singleNode: {
    en: 'This node runs as a single-node cluster: it cannot join or invite other nodes. Scaling out means running an EMQX 5.8 cluster instead; this console manages it through the same API.',
    zh: '本节点以单节点集群方式运行，不能加入或邀请其他节点。如需横向扩展，请改为运行 EMQX 5.8 集群；本控制台通过相同的 API 管理该集群。',
  },
  node: { en: 'Node', zh: '节点' },
  role: { en: 'Role', zh: '角色' },
  version: { en: 'Version', zh: '版本' },
  invite: { en: 'Invite Node', zh: '邀请节点' },
  nodeName: { en: 'Node name', zh: '节点名称' },
  nodeNameRequired: { en: 'Node name is required', zh: '节点名称不能为空' },
  inviteSuccess: { en: 'Invite successfully', zh: '邀请成功' },
});
