import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { buttonClasses } from './button';

export interface BackButtonProps {
  /** Visible text; defaults to Back. */
  label?: string;
  /** Where to go when there is no earlier entry of this app in the history (a deep link). */
  fallbackTo?: string;
  className?: string;
}

/** React Router numbers its history entries; index 0 means the visitor arrived right here. */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/** Goes one step back in history; screens decide whether to show it. */
export function BackButton({ label = 'Back', fallbackTo = '/', className = '' }: BackButtonProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => (hasAppHistory() ? navigate(-1) : navigate(fallbackTo))}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
