import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';

interface Props {
  title?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

/** A titled block of a screen: heading left, actions right, content below on the container background. */
export function PageSection({ title, extra, children }: Props) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        marginBottom: token.marginLG,
      }}
    >
      {(title || extra) && (
        <Flex justify="space-between" align="center" gap={token.marginSM} wrap style={{ marginBottom: token.marginMD }}>
          {title ? (
            <Typography.Title level={5} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
          ) : (
            <span />
          )}
          {extra && (
            <Flex gap={token.marginXS} wrap>
              {extra}
            </Flex>
          )}
        </Flex>
      )}
      {children}
    </section>
  );
}
