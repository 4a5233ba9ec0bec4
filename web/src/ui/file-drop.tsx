import { InboxOutlined } from '@ant-design/icons';
import { type DragEvent, type ReactNode, useState } from 'react';
import './file-drop.css';

type Props = {
  accept: string;
  title: ReactNode;
  hint: ReactNode;
  onFile(file: File): void;
  /** The zone's own class (its height, where it sits). */
  className?: string;
  /** The file input's test id (tests set files on it). */
  inputTestId?: string;
};

/**
 * A drop zone for one file that is also its chooser: a label around a file input, so a click, a
 * drop, or the keyboard (Tab to it, Enter or Space) picks the file. Nothing is uploaded.
 */
export function FileDrop({ accept, title, hint, onFile, className, inputTestId }: Props) {
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <label
      className={['file-drop', over ? 'file-drop-over' : '', className ?? ''].filter(Boolean).join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <input
        type="file"
        accept={accept}
        className="file-drop-input"
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <InboxOutlined className="file-drop-icon" aria-hidden />
      <span className="file-drop-title">{title}</span>
      <span className="file-drop-hint">{hint}</span>
    </label>
  );
}
