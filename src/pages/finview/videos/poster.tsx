import { FilePdfOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer } from '../../../../common/domains/finview/model';
import { useMedia } from './use-media';

const WIDTH = 96;
const HEIGHT = 54;

/** A row's poster thumbnail (succeeded outputs with a poster), else the kind's icon. */
export function Poster({ output }: { output: OutputAnswer }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { media } = useMedia(output.id, output.status === 'succeeded' && output.hasPoster);
  const box = { width: WIDTH, height: HEIGHT, borderRadius: token.borderRadiusSM, background: token.colorFillQuaternary };
  if (media?.poster) {
    return <img src={media.poster} alt={t('finviewVideos.posterOf', { title: output.title })} style={{ ...box, objectFit: 'cover', display: 'block' }} data-testid={`finview-poster-${output.id}`} />;
  }
  return (
    <span style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: token.colorTextTertiary }} aria-hidden>
      {output.kind === 'report' ? <FilePdfOutlined /> : <VideoCameraOutlined />}
    </span>
  );
}
