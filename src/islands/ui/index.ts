// The shared UI kit: the public contact form and every portal screen build from these.
export { Avatar, type AvatarPerson, type AvatarProps } from './Avatar';
export { Badge, type BadgeProps, type BadgeVariant } from './Badge';
export { Button, LinkButton, COMING_SOON, type ButtonProps, type LinkButtonProps } from './Button';
export { buttonClasses, type ButtonSize, type ButtonStyleOptions, type ButtonVariant } from './button-classes';
export { Card, SectionCard, type CardProps, type CardVariant } from './Card';
export { Checkbox, CheckboxGroup, toggleSelection, type CheckboxGroupProps } from './CheckboxGroup';
export {
  Field,
  FIELD_TYPES,
  FIELD_VARIANTS,
  type FieldProps,
  type FieldState,
  type FieldType,
  type FieldVariant,
  type FormOption,
} from './Field';
export { Modal, type ModalProps, type ModalSize, type ModalVariant } from './Modal';
export { PhoneInput, NO_COUNTRIES_FOUND, type PhoneInputProps } from './PhoneInput';
export { Select, type SelectProps } from './Select';
export { Toaster } from './Toaster';
export { toast, dismissToast, $toasts, TOAST_DURATION_MS, type ToastItem, type ToastVariant } from './toast';
export { cx } from './cx';
export { StatGrid, type StatItem } from './StatCard';
export { TagList } from './TagList';
export { FilterBar, type FilterBarProps, type FilterSelect } from './FilterBar';
export { EmptyState, LoadError, NoMatches } from './EmptyState';
export { ErrorBanner } from './ErrorBanner';
export { visibleTags } from './tags';
export { ScreenHeader } from './ScreenHeader';
export { DetailList, type DetailItem } from './DetailList';
export { CELL, DataTable, NUMBER_CELL, type Column } from './DataTable';
export { FilteredList, SearchableList, searchFromUrl, useFilteredList } from './FilteredList';
export { FormDialog } from './FormDialog';
// useFormFields is imported by path ('./useFormFields'): whatever this index names loads with the portal's first
// screen, and the sign-in forms and the portal's dialogs need it only there.
export { ItemCard } from './ItemCard';
export { Panel } from './Panel';
export { ToggleGroup } from './ToggleGroup';
export { OVERSCAN, rowRange, SpacerRow, useWindowedRows, type RowRange } from './windowed-rows';
