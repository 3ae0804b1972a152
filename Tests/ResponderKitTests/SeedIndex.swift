// Seed → test index (comment only).
//
// Every numbered rule and example of the two seed documents (../../shared/seeds/) and the test that
// checks it. Each listed test also names its seed and section in its doc comment. Where the seeds
// disagree (000: nil-targeted actions walk from the hit-tested view; 001: from the first responder),
// the project follows 001 for `Application.sendAction` and offers 000's walk as
// `Responder.target(forAction:withSender:)` — both are tested.
//
// ── Seed 000 (Chinese), §11.7 响应器链 ───────────────────────────────────────────────────────────────
// 响应器是 UIResponder 子类的实例; View, Window, ViewController, Application, app delegate are all responders
//     → Seed000ResponderChainTests.everyOnScreenClassIsAResponder
// The four touch methods touchesBegan/Moved/Ended/Cancelled report every touch
//     → Seed000ResponderChainTests.theFourTouchMethodsReportEveryPhase
// Even automatic responses (Cocoa handling a touch for you) first arrive through the touch methods
//     → Seed000ResponderChainTests.automaticResponsesStillStartInTheTouchMethods
// hitTest:withEvent: and pointInside:withEvent: find the hit view; then UIApplication.sendEvent →
// UIWindow.sendEvent → the hit view's touch method
//     → Seed000ResponderChainTests.deliveryPathIsHitTestThenApplicationThenWindowThenView
// Chain step 1: the starting (hit-test) view        → Seed000ResponderChainTests.step1ChainStartsAtTheHitTestView
// Chain step 2: its view controller, if it is that controller's view
//                                                  → Seed000ResponderChainTests.step2ControllersRootViewIsFollowedByTheController
// Chain step 3: the superview                       → Seed000ResponderChainTests.step3ThenTheSuperview
// Chain step 4: repeat step 2 (nested controllers)  → Seed000ResponderChainTests.step4RepeatsThroughNestedControllers
// Chain step 5: … until the UIWindow                → Seed000ResponderChainTests.step5TheWindowEndsTheViewHierarchy
// Chain step 6: UIApplication                       → Seed000ResponderChainTests.step6ThenTheApplication
// Chain step 7: the application's delegate          → Seed000ResponderChainTests.step7ThenTheApplicationDelegate
//
// ── Seed 000, §11.7.1 推迟职责 (deferring responsibility) ────────────────────────────────────────────
// Case 1: the responder does not implement the touch method → passes up
//     → Seed000ResponderChainTests.deferralWhenTheMethodIsNotImplemented
// Case 2: it implements the method and calls super → passes up
//     → Seed000ResponderChainTests.deferralWhenTheMethodCallsSuper
// Deferring to the background view or even the view controller is reasonable
//     → Seed000ResponderChainTests.deferralReachesTheViewController
// Puzzle example: tiles are plain views with no touch methods; taps fall through to Board
//     → Seed000PuzzleBoardTests.tapsOnTilesReachTheBoardWhichKnowsTheTile
//     → Seed000PuzzleBoardTests.tilesAreAsPlainAsTheBaseView
// Puzzle example: Board swaps two tapped adjacent tiles (and tells the tiles what to do)
//     → Seed000PuzzleBoardTests.tappingTwoAdjacentTilesSwapsThem
//     → Seed000PuzzleBoardTests.tappingTwoDistantTilesDoesNothing
//
// ── Seed 000, §11.7.2 Nil-Targeted 动作 ──────────────────────────────────────────────────────────────
// A nil target walks the chain one responder at a time looking for one that responds
//     → Seed000NilTargetedActionTests.walkFromTheButtonFindsTheControllerThatImplementsTheAction
// Rule 1: found → that responder's method is called and the walk ends
//     → Seed000NilTargetedActionTests.foundResponderIsCalledAndTheWalkEnds
// Rule 2: nobody to the top of the chain → not handled, no side effect
//     → Seed000NilTargetedActionTests.unhandledActionDoesNothing
// Example: button.addTarget(nil, action: "buttonPressed:", …) reaches the controller's buttonPressed:
//     → Seed000NilTargetedActionTests.foundResponderIsCalledAndTheWalkEnds (walk from the button)
//     → Seed000NilTargetedActionTests.tapReachesTheControllerWhenFocusIsInsideIt (seed 001's start)
// First Responder proxy: nil target, user-defined action taking one parameter (name ends with ":")
//     → Seed000NilTargetedActionTests.firstResponderProxyIsANilTargetWithAOneParameterSelector
//
// ── Seed 001 (English), "The core idea" ─────────────────────────────────────────────────────────────
// AppDelegate is a UIResponder: the last object UIKit tries before giving up
//     → Seed001ResponderChainTests.appDelegateIsTheLastObjectTried
// UIResponder is the superclass of UIView, UIViewController, UIWindow, UIScene, UIApplication
//     → Seed000ResponderChainTests.everyOnScreenClassIsAResponder
// An event has a type and sometimes a subtype (shake)     → KeyRoutingTests.shakeEventTypeAndSubtype
// UIKit pushes events through UIApplication.sendEvent(_:)
//     → Seed000ResponderChainTests.deliveryPathIsHitTestThenApplicationThenWindowThenView
// A touch starts at the hit-tested view                   → Seed001HitTestTests.step2TheDeepestViewIsStoredOnTheTouch
// Shake, remote control and presses start at the first responder (shake-to-undo → focused field)
//     → KeyRoutingTests.shakeStartsAtTheFirstResponderNotTheTouchedView
//     → KeyRoutingTests.remoteControlReachesTheFirstRespondersChain
//     → KeyRoutingTests.pressesStartAtTheFirstResponderAndWalkTheChain
//     → KeyRoutingTests.motionAndRemoteControlWithoutFocusReachTheAppDelegate
//
// ── Seed 001 §1 "What is the responder chain?" ──────────────────────────────────────────────────────
// The chain is what walking next gives (chainDescription = sequence(first:next:) of type names)
//     → Seed001ResponderChainTests.chainDescriptionIsTheSequenceOfNextMappedToTypeNames
// The Delete-button dump, minus private wrapper views:
// ["Button", "Cell", "ListView", "View", "InboxViewController", "Window", "WindowScene", "Application", "AppDelegate"]
//     → Seed001ResponderChainTests.deleteButtonChainMatchesTheSeedDumpWithoutPrivateWrappers
// The tap starts at the button, not the view controller   → Seed001ResponderChainTests.aTapStartsAtTheButtonNotTheController
// Rule 1: a view returns its superview, or its controller if it is the root view
//     → Seed001ResponderChainTests.rule1ViewReturnsSuperviewOrItsController
// Rule 2: a controller sits between its root view and that view's superview (presenting controller when
// its view is not in a hierarchy)                         → Seed001ResponderChainTests.rule2ControllerSitsBetweenRootViewAndItsSuperview
// Rule 3: a window returns the application (through its scene on current iOS)
//     → Seed001ResponderChainTests.rule3WindowReturnsSceneThenApplication
// Rule 4: the application returns the app delegate only if it is a responder and not a view, a view
// controller or the app object                            → Seed001ResponderChainTests.rule4ApplicationReturnsAResponderDelegateOnly
// The chain changes with the view hierarchy (moving a view changes who can respond)
//     → Seed001ResponderChainTests.movingAViewChangesItsChain
// … and with the presentation stack                       → Seed001ResponderChainTests.presentingChangesTheChain
// next is a getter; overriding next splices an object in  → Seed001ResponderChainTests.overridingNextSplicesAResponderIn
//
// ── Seed 001 "Where the scene and its delegate fit" ─────────────────────────────────────────────────
// window.next is the WindowScene, whose next is the Application → Seed001ResponderChainTests.rule3WindowReturnsSceneThenApplication
// The scene delegate (a Responder in the template) is not in the chain
//     → Seed001ResponderChainTests.sceneDelegateIsNeverInTheChain
// Put app-wide fallback command handling in the app delegate, the real last link
//     → Seed001ResponderChainTests.appDelegateHandlesAppWideFallbackCommands
// Splice the scene delegate by subclassing WindowScene and overriding next
//     → Seed001ResponderChainTests.sceneDelegateCanBeSplicedBySubclassingTheScene
//
// ── Seed 001 §2 "Overriding a touch method without super" ───────────────────────────────────────────
// ❌ BadgeView without super: it highlights, nothing crashes, nobody above sees the touch
//     → Seed001TouchMethodTests.withoutSuperTheChainEndsAtTheView
// ✅ BadgeView calling super keeps forwarding              → Seed001TouchMethodTests.withSuperTheChainContinues
// Gesture recognizers on the cell already got the touch (swipe-to-delete keeps working)
//     → Seed001TouchMethodTests.recognizersOnAncestorsStillSeeTouchesTheBadgeSwallows
// A control's explicit target (saveTapped) is called directly, not via forwarding
//     → Seed001TouchMethodTests.controlActionWithExplicitTargetIsCalledDirectly
// To swallow deliberately, override the whole family so the sequence stays consistent
//     → Seed001TouchMethodTests.swallowingTheWholeFamilyHidesEveryPhase
//     → Seed001TouchMethodTests.overridingOnlyBeganLeavesTheOtherPhasesForwarding
//
// ── Seed 001 §3 "First responder and the keyboard" ──────────────────────────────────────────────────
// "First responder" is two jobs: the hit view for a touch, the focused object for keys and actions
//     → Seed001FirstResponderTests.hitViewAndFocusedResponderAreDifferentJobs
// A text field becomes the input target because it asks to → Seed001FirstResponderTests.tappingATextFieldFocusesItForTyping
// SearchViewController: becomeFirstResponder() in viewDidLoad ❌ false, in viewDidAppear ✅ true
//     → Seed001FirstResponderTests.viewDidLoadFailsViewDidAppearSucceeds
// Condition 1: the view is in a window                    → Seed001FirstResponderTests.condition1MustBeInAWindow
// Condition 2: canBecomeFirstResponder is true            → Seed001FirstResponderTests.condition2CanBecomeFirstResponder
// Condition 3: the current first responder agrees to resign
//     → Seed001FirstResponderTests.condition3CurrentFirstResponderMustAgreeToResign
// The keyboard needs the window to be key (keys follow the key window) → KeyRoutingTests.keysFollowTheKeyWindow
// view.endEditing(true) finds the first responder in the tree and makes it resign
//     → Seed001FirstResponderTests.endEditingFindsTheFirstResponderInTheTree
//     → FirstResponderTests.endEditingForceAndNoForce
//
// ── Seed 001 §4 "Actions with a nil target" ─────────────────────────────────────────────────────────
// Copy from the focused text view: sendAction(to: nil) starts at the first responder
//     → Seed001ActionTests.copyWithNilTargetStartsAtTheFocusedTextField
// The edit menu shows what the chain from the first responder implements
//     → Seed001ActionTests.editMenuShowsWhatTheChainFromTheFirstResponderCanPerform
// A plain custom view never starts that menu: it is not first responder
//     → Seed001ActionTests.customViewGetsCopyOnlyOnceItIsFirstResponder
// A button's nil target: first responder, then next — not the controller under the button
//     → Seed001ActionTests.nilTargetedButtonWalksFromTheFirstResponder
// Nothing focused: start at the key window, skipping every controller below it
//     → Seed001ActionTests.nilTargetedButtonWithoutFocusStartsAtTheKeyWindow
// MessageView: walk next from self with responds(to:) / perform(_:with:) to the MessageActions implementer
//     → Seed001ActionTests.messageViewWalksNextToTheArchiveImplementer
//     → Seed001ActionTests.nearestFindsTheProtocolImplementer (the typed form, nearest(_:))
//     → Seed001ActionTests.archiveBySendActionDoesNotStartAtTheView
// A presented modal on the chain can still intercept it   → Seed001ActionTests.presentedModalInterceptsTheArchiveWalk
// canPerformAction hides Paste with an empty pasteboard; a responder further up can still say yes
//     → Seed001ActionTests.pasteWalkSkipsTheFieldWhileThePasteboardIsEmpty
//     → Seed001ActionTests.pasteWalkWithTheGeneralPasteboard
//
// ── Seed 001 §5 "Hit-testing decides where the chain starts" ────────────────────────────────────────
// Step 1: the touch arrives at the window as an event     → Seed001HitTestTests.step1TheTouchArrivesAtTheWindowAsAnEvent
// Step 2: the deepest view containing the point is stored on the touch; not the keyboard's first responder
//     → Seed001HitTestTests.step2TheDeepestViewIsStoredOnTheTouch
// Step 3: recognizers on the view and its ancestors get the touches first; recognizing can cancel the view
//     → Seed001HitTestTests.step3RecognizersGetTheTouchesFirstAndCanCancelTheView
//     → Seed001HitTestTests.step3RecognizingAtOnceHidesTheTouchFromTheView
//     → GestureRecognizerTests.recognizersSeeTouchesBeforeTheView
// Steps 4–5: touchesBegan on the hit view, then up through next until handled
//     → Seed001HitTestTests.steps4And5HitViewThenUpTheChainUntilHandled
// Hit-testing runs once per touch                          → Seed001HitTestTests.hitTestingRunsOncePerTouch
// A tap that does nothing at all: step 2 failed, no chain walk started
//     → Seed001HitTestTests.aFailedHitTestStartsNoChainWalk
// Skip rules: interaction disabled, hidden, alpha < 0.01, point outside the bounds
//     → Seed001HitTestTests.theFourSkipRules
//     → HitTestSkipRuleTests.alphaBoundaryIsOneHundredth (0.01 hit, 0.009 not)
//     → HitTestSkipRuleTests.edgesAreHalfOpen
//     → HitTestSkipRuleTests.skippingAViewSkipsItsSubtree
// The classic bug: a button drawn outside its parent's bounds (clipsToBounds false) is never tapped
//     → Seed001HitTestTests.aButtonOutsideItsParentIsNeverTapped
//     → HitTestSkipRuleTests.childOutsideParentBoundsIsNeverHit
// CloseButton enlarges its tappable area to 44×44 via point(inside:with:)
//     → Seed001HitTestTests.closeButtonEnlargesItsTappableAreaTo44Points
//
// ── Seed 001 "Why it matters" ───────────────────────────────────────────────────────────────────────
// 1. A visible button ignoring taps: an ancestor with interaction disabled, or a child outside its parent
//     → Seed001HitTestTests.anAncestorWithInteractionDisabledStarvesAVisibleButton
//     → Seed001HitTestTests.aButtonOutsideItsParentIsNeverTapped
// 2. A nil target does not walk from the button; the controller under it never sees the action unless
//    it is first responder → Seed001ActionTests.nilTargetedButtonWithoutFocusStartsAtTheKeyWindow
//                          → Seed001ActionTests.controllerUnderTheButtonGetsItWhenItIsFirstResponder
// 3. A search screen without a keyboard called becomeFirstResponder() in viewDidLoad
//     → Seed001FirstResponderTests.focusingOnlyInViewDidLoadLeavesNothingFocused
// 4. No Copy item on a custom view until it is first responder
//     → Seed001ActionTests.customViewGetsCopyOnlyOnceItIsFirstResponder
// 5. One subclass without super starves a superview; a table swipe (recognizer) may keep working
//     → Seed001TouchMethodTests.withoutSuperTheChainEndsAtTheView
//     → Seed001TouchMethodTests.recognizersOnAncestorsStillSeeTouchesTheBadgeSwallows
//
// ── Seed 001 "Interview angle" ──────────────────────────────────────────────────────────────────────
// Hit-testing picks the touch's start; keyboard and shake start at the first responder
//     → Seed001FirstResponderTests.hitViewAndFocusedResponderAreDifferentJobs
//     → KeyRoutingTests.shakeStartsAtTheFirstResponderNotTheTouchedView
// A cell walks next to reach whichever controller shows it → Seed001ActionTests.nearestFindsTheProtocolImplementer
// Why a visible button ignores taps is hit-testing, not the chain
//     → Seed001HitTestTests.anAncestorWithInteractionDisabledStarvesAVisibleButton
//
// ── Beyond the seeds (issue 2 "Tests") ──────────────────────────────────────────────────────────────
// Cycles in next (diagnostic, termination of every walk)   → CycleTests.*
// Transforms, bounds origins, overridden hitTest, the flattened-rule property check → HitTestSkipRuleTests.*
// convert(_:to:/from:), frame/bounds/center, geometry types → GeometryTests.*
// Multi-touch, exclusive touch, cancel, tap counts, id reuse, removal during delivery, scenes and devices
// going away, NaN input                                    → TouchRoutingTests.*
// Presses, key commands, key repeat, shake, remote control → KeyRoutingTests.*
// Selectors, explicit targets, sendAction, edit actions   → ActionTests.*
// Control tracking (70 pt tolerance), Button               → ControlTests.*
// TextField typing, backspace, repeat, editing events      → TextFieldTests.*
// First-responder rules, removal resigns, endEditing       → FirstResponderTests.*
// View controller loading, appearance, presentation, children → ViewControllerTests.*
// Gesture recognizers before views, cancelsTouchesInView, arena → GestureRecognizerTests.*
// Pointer click (.indirectPointer), hover, scroll          → PointerTests.*
// Manual clock (49 ms nothing, 1 ms more fires), isClean   → InputDriverTests.*
