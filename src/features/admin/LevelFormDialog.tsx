// Criticality level form: name (required), colour (picker, hex, 12 presets), icon (12 choices), 'Délai de traitement'
// (hours or days, empty: none; docs/product.md#deadlines) and a live preview (docs/product.md#criticality-tab).
import { useState, type FormEvent } from 'react';
import { Alert, ColorPicker, Dialog, Select, TextInput } from '../../ui';
import { delayParts, parseDelay, type DelayUnit } from '../../core/followUp/deadline';
import { CRITICALITY_ICONS, type CriticalityIcon, type CriticalityLevel } from '../../core/types';
import { CRITICALITY_PALETTE, DEFAULT_LEVEL_COLOR, DEFAULT_LEVEL_ICON } from '../../core/constants';
import { CRITICALITY_ICON_LABELS, CriticalityIconView } from './criticalityIcons';
import { A } from './strings';
import { SaveCancelFooter, useNamedFormSave } from './useNamedFormSave';

export type LevelDraft = { name: string; color: string; icon: CriticalityIcon; delayHours: number | null };

export function LevelFormDialog({ level, onSave, onClose }: {
  level: CriticalityLevel | null; // null = new level
  onSave: (v: LevelDraft) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(level?.name ?? '');
  const [color, setColor] = useState(level?.color ?? DEFAULT_LEVEL_COLOR);
  const [icon, setIcon] = useState<CriticalityIcon>(level?.icon ?? DEFAULT_LEVEL_ICON);
  const initialDelay = delayParts(level ? level.delayHours : null);
  const [delayText, setDelayText] = useState(initialDelay ? String(initialDelay.value) : '');
  const [delayUnit, setDelayUnit] = useState<DelayUnit>(initialDelay?.unit ?? 'jours');
  const [delayError, setDelayError] = useState<string | null>(null);
  const { nameError, clearNameError, saveError, busy, submit } = useNamedFormSave({
    name, nameRequired: A.levels.nameRequired, saveError: A.levels.saveError, onClose,
    save: (clean) => {
      const d = parseDelay(delayText, delayUnit);
      return onSave({ name: clean, color, icon, delayHours: 'hours' in d ? d.hours : null });
    },
  });
  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    const d = parseDelay(delayText, delayUnit);
    if ('error' in d) { setDelayError(d.error); return; }
    void submit();
  };

  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !busy) onClose(); }} size="md"
      title={level ? A.levels.editTitle : A.levels.newTitle}
      footer={<SaveCancelFooter busy={busy} onCancel={onClose} onSave={() => onSubmit()} />}
    >
      <form onSubmit={onSubmit} noValidate className="level-form">
        <TextInput label={A.name} required value={name} maxLength={80}
          onChange={(e) => { setName(e.target.value); clearNameError(); }} error={nameError} />
        <div className="field-row">
          <TextInput label={A.levels.delay} name="delay" inputMode="numeric" value={delayText} placeholder={A.levels.noDelay}
            hint={A.levels.delayHint} error={delayError ?? undefined} onChange={(e) => { setDelayText(e.target.value); setDelayError(null); }} />
          <Select label={A.levels.delayUnit} name="delayUnit" value={delayUnit} onChange={(e) => setDelayUnit(e.target.value as DelayUnit)}>
            <option value="heures">{A.levels.hours}</option>
            <option value="jours">{A.levels.days}</option>
          </Select>
        </div>
        <ColorPicker label={A.color} value={color} onChange={setColor} palette={CRITICALITY_PALETTE} />
        <fieldset className="field">
          <legend className="field-label">{A.levels.icon}</legend>
          <div className="icon-grid" role="radiogroup" aria-label={A.levels.icon}>
            {CRITICALITY_ICONS.map((ic) => (
              <button
                key={ic} type="button" role="radio" aria-checked={icon === ic} aria-label={CRITICALITY_ICON_LABELS[ic]} title={CRITICALITY_ICON_LABELS[ic]}
                className={`icon-choice ${icon === ic ? 'icon-choice-active' : ''}`} data-icon={ic} onClick={() => setIcon(ic)}
              >
                <CriticalityIconView icon={ic} size={20} />
              </button>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <span className="field-label">{A.levels.preview}</span>
          <div className="level-preview" data-testid="level-preview">
            <span className="level-chip" style={{ background: color }}><CriticalityIconView icon={icon} size={16} color="#fff" /></span>
            <span className="level-badge" style={{ borderColor: color, color }}>
              <CriticalityIconView icon={icon} size={14} color={color} /> {name.trim() || A.levels.previewName}
            </span>
          </div>
        </div>
        {saveError && <Alert kind="error">{saveError}</Alert>}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
