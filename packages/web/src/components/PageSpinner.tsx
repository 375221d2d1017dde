import { Flex, Spin } from 'antd';

/** A centred spinner for a page or the whole app while data loads (A section 4). */
export function PageSpinner({ isFullScreen = false }: { isFullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: isFullScreen ? '100vh' : 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
