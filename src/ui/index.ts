// Shared presentational components: import from 'src/ui'.
export { Button, IconButton, type ButtonProps } from './Button';
export { Dialog, type DialogProps } from './Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Tabs, TabsRoot, TabsList, TabsTrigger, TabsContent, type TabItem } from './Tabs';
export { Chips, ToggleChip, type ChipOption } from './Chips';
export { Field, TextInput, TextArea, Select } from './Field';
export { ColorPicker } from './ColorPicker';
export { TrackBadge } from './TrackBadge';
export { Spinner, ProgressBar } from './Spinner';
export { Alert, type AlertKind } from './Alert';
export { Toaster } from './Toaster';
export { toast, dismissToast } from './toast';
export { VirtualList } from './VirtualList';
export { useDeviceClass, deviceClassOf, isMobileLike, type DeviceClass } from './useDeviceClass';
export { ActionConfirmDialog, type ActionConfirmDialogProps } from './ActionConfirmDialog';
export { pkInputProps, PK_PLACEHOLDER } from './pkInput';
