// The engine API the constructs and their generated bindings import: cdktf's or cdktn's, whichever
// the app has (./engine-binding decides, before the requests below run). For the type checker both
// are named: an app has one of them, and with skipLibCheck (as the engines' own app templates set)
// the missing one adds nothing, so the declarations type-check in cdktf and cdktn apps alike.
import './engine-binding';

export * from 'cdktf';
// @ts-ignore -- cdktn is absent where cdktf is installed (this repository); at run time both names
// resolve to the app's engine, so this adds nothing twice.
export * from 'cdktn';
