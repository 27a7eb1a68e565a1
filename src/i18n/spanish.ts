import esES from 'antd/es/locale/es_ES';
import 'dayjs/locale/es';
import catalogue from './es.json';

// Everything Spanish in one chunk, fetched when Spanish is the reader's (i18n.ts LOADERS):
// the words, antd's texts (pagination, pickers, empty states) and dayjs's month names.
export default { catalogue, antd: esES };
