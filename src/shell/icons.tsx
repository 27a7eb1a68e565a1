import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  CreditCardOutlined,
  EditOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LayoutOutlined,
  NotificationOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  SoundOutlined,
  UserOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// Resources name their icons as strings (they are plain data the server reads
// too). Importing icons one by one keeps the other thousand out of the bundle;
// a test checks every name used in common/resources is listed here.
export const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  CreditCardOutlined,
  EditOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  IdcardOutlined,
  LayoutOutlined,
  NotificationOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  SoundOutlined,
  UserOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
};

export function ResourceIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
