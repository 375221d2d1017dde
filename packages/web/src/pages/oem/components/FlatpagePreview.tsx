import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty } from 'antd';
import { errorMessageOf } from '../../../api/api-error';
import { flatpagePreviewQuery } from '../../../api/oem';
import { useDebouncedValue } from '../useDebouncedValue';
import { FlatpageView } from './FlatpageView';

type FlatpagePreviewProps = { content: string; css: string };

const PREVIEW_DELAY_MS = 400;

/** Live preview: the content as the server sanitises it, with the page's scoped CSS; CSS problems shown above. */
export function FlatpagePreview({ content, css }: FlatpagePreviewProps) {
  const input = useDebouncedValue({ content, css }, PREVIEW_DELAY_MS);
  const preview = useQuery({
    ...flatpagePreviewQuery(input),
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Card title="Preview" size="small" className="flatpage-preview" data-testid="flatpage-preview">
      {preview.isError ? (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title={errorMessageOf(preview.error, 'The preview could not be loaded.')}
          data-testid="preview-problem"
        />
      ) : null}
      {preview.data === undefined || preview.data.content.trim() === '' ? (
        <Empty description="Nothing to show yet." />
      ) : (
        <FlatpageView content={preview.data.content} css={preview.isError ? '' : preview.data.css} />
      )}
    </Card>
  );
}
